/**
 * Whether the whitelist is on, on a vanilla server over RCON: vanilla has no
 * command that asks it, but keeps it in server.properties (`white-list`),
 * which it rewrites at each `whitelist on|off`, typed on its console too. So
 * the answer comes from that file where the server's directory is known,
 * not from the last command Gatehouse sent.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { eventually } from '../helpers/bots.js';
import { api, startTestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { VanillaStandIn } from '../helpers/vanilla-stand-in.js';

const password = 'rcon-secret';
const serviceToken = 'rcon-whitelist-token-0123456789abcdef';

describe('the whitelist on/off of a vanilla server over RCON (stand-in)', function () {
  let directory: string;
  let standIn: VanillaStandIn;

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-vanilla-whitelist-');
    standIn = await VanillaStandIn.start({ password, directory });
  });
  afterEach(async function () {
    await standIn.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('follows `whitelist off` and `whitelist on` typed on the server console after Gatehouse turned it on', async function () {
    const server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      standIn.connect(config);
    });
    const enabled = async () => {
      const answer = await api(server.baseUrl, 'GET', '/api/whitelist', { token: serviceToken });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      return answer.body.enabled as boolean;
    };
    try {
      await eventually(async () => ((await api(server.baseUrl, 'GET', '/api/health')).body.game?.connected ? true : undefined), 15_000, 'RCON connected');
      const changed = await api(server.baseUrl, 'POST', '/api/admin/settings', { token: serviceToken, body: { whitelist: { enabled: true } } });
      expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
      expect(standIn.whitelistOn).to.equal(true);
      expect(await enabled()).to.equal(true);
      // What the console's command does: the switch, and server.properties written again.
      standIn.whitelistOn = false;
      standIn.saveFiles();
      expect(await enabled()).to.equal(false);
      standIn.whitelistOn = true;
      standIn.saveFiles();
      expect(await enabled()).to.equal(true);
    } finally {
      await server.stop();
    }
  });
});
