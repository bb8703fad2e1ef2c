/**
 * Jobs through the bridge: the real plugin jar in the JVM harness (a fake
 * Paper server) reports blocks broken and mobs killed, and the sidecar pays
 * for them, into Gatehouse's own economy or the server's Vault.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { eventually } from '../helpers/bots.js';
import { api, startBridgeGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';

const token = 'jobs-bridge-token-for-tests-0123456789abcdef';

describe('jobs through the plugin in the JVM harness', function () {
  let server: TestGatehouse;
  let harness: PaperHarness | undefined;
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-jobs-bridge-');
    server = await startBridgeGatehouse(token, 5000);
  });
  afterEach(async function () {
    if (harness) expect(await harness.stopAndListOffMainThread(), 'Bukkit calls made off the main thread').to.deep.equal([]);
    harness = undefined;
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });

  async function connect(options: { vault?: boolean } = {}): Promise<PaperHarness> {
    const bridge = server.gatehouse.game as BridgeGameAdapter;
    harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, token), vault: options.vault });
    await eventually(() => (bridge.isConnected() ? true : undefined), 10000, 'the plugin to connect');
    return harness;
  }

  /** A player joins the fake server, gets a code with /register and makes a web account: the account's player is the server's. */
  async function webAccount(player: string): Promise<string> {
    return harness!.webAccount(server.baseUrl, player);
  }

  const joinJob = async (userToken: string, job: string) => expect((await api(server.baseUrl, 'POST', '/api/jobs/join', { token: userToken, body: { job } })).status).to.equal(200);
  const payout = () => server.gatehouse.services.get('jobs').payouts.run();
  const experience = async (userToken: string, job: string) =>
    (await api(server.baseUrl, 'GET', `/api/jobs/details?job=${job}`, { token: userToken })).body.you.experience as number;

  it('pays for blocks broken and mobs killed on the server, but not for a cancelled break or a player without the job', async function () {
    await connect();
    const worker = await webAccount('Worker');
    for (const job of ['miner', 'woodcutter', 'hunter']) await joinJob(worker, job);
    await harness!.request('join', { name: 'Idler' });
    // The harness's blocks and mobs are those its API stubs have: stone, dirt, oak logs; zombies, skeletons, creepers.
    await harness!.request('breakBlock', { name: 'Worker', block: 'stone' });
    await harness!.request('breakBlock', { name: 'Worker', block: 'oak_log' });
    await harness!.request('breakBlock', { name: 'Worker', block: 'stone', cancelled: true });
    await harness!.request('kill', { name: 'Worker', entity: 'zombie' });
    await harness!.request('breakBlock', { name: 'Idler', block: 'stone' });
    await harness!.request('kill', { name: 'Idler', entity: 'zombie' });
    // Events cross the socket after the harness answered: wait until the kill has been counted.
    await eventually(async () => ((await experience(worker, 'hunter')) === 5 ? true : undefined), 5000, 'the kill counted');
    await payout();
    const history = await api(server.baseUrl, 'GET', '/api/economy/history', { token: worker });
    expect(history.body.transactions).to.have.length(1);
    expect(history.body.transactions[0]).to.deep.include({ type: 'REWARD', amount: 1.25, description: 'Jobs: Miner (1 action), Woodcutter (1 action), Hunter (1 action)' });
    expect(await experience(worker, 'miner'), 'the cancelled break counts nothing').to.equal(1);
    expect(await experience(worker, 'woodcutter')).to.equal(2);
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance?username=Idler', { token })).body.balance).to.equal(0);
  });

  it("pays into the server's Vault economy when the server has one", async function () {
    await connect({ vault: true });
    const hunter = await webAccount('Hunter');
    await joinJob(hunter, 'hunter');
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance', { token: hunter })).body.balance).to.equal(100);
    for (const entity of ['zombie', 'skeleton', 'creeper']) await harness!.request('kill', { name: 'Hunter', entity });
    await eventually(async () => ((await experience(hunter, 'hunter')) === 5 + 6 + 8 ? true : undefined), 5000, 'the kills counted');
    await payout();
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance', { token: hunter })).body.balance).to.equal(103.7);
    const history = await api(server.baseUrl, 'GET', '/api/economy/history', { token: hunter });
    expect(history.body.transactions.map((record: { type: string; amount: number; balance: number }) => [record.type, record.amount, record.balance])).to.deep.equal([
      ['REWARD', 3.7, 103.7],
    ]);
    await payout();
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance', { token: hunter })).body.balance, 'paid once').to.equal(103.7);
  });

  it('pays nothing for work in creative mode (the game mode the plugin reports with each event)', async function () {
    await connect();
    const builder = await webAccount('Builder');
    await joinJob(builder, 'miner');
    await joinJob(builder, 'digger');
    await harness!.request('gameMode', { name: 'Builder', gameMode: 'creative' });
    await harness!.request('breakBlock', { name: 'Builder', block: 'stone' });
    await harness!.request('gameMode', { name: 'Builder', gameMode: 'survival' });
    await harness!.request('breakBlock', { name: 'Builder', block: 'dirt' });
    await eventually(async () => ((await experience(builder, 'digger')) === 1 ? true : undefined), 5000, 'the dirt counted');
    await payout();
    expect(await experience(builder, 'miner')).to.equal(0);
    const history = await api(server.baseUrl, 'GET', '/api/economy/history', { token: builder });
    expect(history.body.transactions.map((record: { amount: number; description: string }) => [record.amount, record.description])).to.deep.equal([
      [0.03, 'Jobs: Digger (1 action)'],
    ]);
  });
});
