import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { registeredUser } from '../helpers/accounts.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';

type Spawns = Record<string, { x: number; y: number; z: number } | null>;

async function spawnsOf(server: TestGatehouse, token: string): Promise<Spawns> {
  const answer = await api(server.baseUrl, 'GET', '/api/player/maps', { token });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  return Object.fromEntries(answer.body.worlds.map((world: { name: string; spawn: Spawns[string] }) => [world.name, world.spawn]));
}

/** A world's spawn is one place, as in vanilla: the same at every read and after a restart. */
describe('embedded server: spawn points', function () {
  let directory: string;
  let server: TestGatehouse | undefined;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-spawn-');
  });
  afterEach(async function () {
    await server?.stop();
    server = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  it('answers the same spawn for each world at every read, and again after a restart', async function () {
    server = await startTestGatehouse(() => undefined, { dataDirectory: directory });
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'surveyor', 'Surveyor');
    const first = await spawnsOf(server, token);
    expect(Object.keys(first)).to.deep.equal(['world', 'world_nether', 'world_the_end']);
    for (const spawn of Object.values(first)) expect(spawn).to.have.keys(['x', 'y', 'z']);
    for (let read = 0; read < 5; read++) expect(await spawnsOf(server, token), `read ${read + 2}`).to.deep.equal(first);

    await server.gatehouse.game.require('control').restart('Restarting');
    expect(await spawnsOf(server, token), 'after a restart of the game server').to.deep.equal(first);
    await server.stop();
    server = await startTestGatehouse(() => undefined, { dataDirectory: directory });
    const again = await registeredUser(server.gatehouse, server.baseUrl, 'surveyor2', 'Surveyor2');
    expect(await spawnsOf(server, again), 'after a restart of Gatehouse').to.deep.equal(first);
  });
});
