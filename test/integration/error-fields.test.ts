/**
 * An error answer about one field of the request names it in `field`, so a
 * form shows the error at that field: what validation refuses, and the
 * refusals a service makes about a value it was given (more than the
 * balance: `amount`; nobody of that name: `to`). Errors about no one field
 * name none. Over real HTTP; the game is the double of
 * test/helpers/fake-game.ts with inventories and teleports.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { PlayerNotOnlineError, UnknownWorldError } from '../../src/game/errors.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { codeFor, registeredUser } from '../helpers/accounts.js';
import { FakeGame } from '../helpers/fake-game.js';
import { FakeInventories } from '../helpers/fake-inventories.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'error-fields-service-token-0123456789abcdef';

const shopFile = `
weekly: { offers: 1, discount-percent: 25, limit-per-player: 1 }
deliveries: { retry-seconds: 3600 }
items:
  diamond: { category: resources, price: 100.00, stock: 5, target-stock: 5 }
  oak_log: { category: resources, price: 1.50, stock: 100, target-stock: 100, trade: sell }
`;

describe('error answers name the field they are about', function () {
  let server: TestGatehouse;
  let directory: string;
  let game: FakeGame;
  let inventories: FakeInventories;
  let ann: string;

  before(async function () {
    directory = await temporaryDirectory('gatehouse-error-fields-');
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    game = new FakeGame();
    inventories = new FakeInventories((name) => game.online.some((player) => player.name.toLowerCase() === name.toLowerCase()));
    game.capabilities.inventories = inventories;
    game.capabilities.teleports = {
      worlds: async () => ['world'],
      worldInfo: async () => [{ name: 'world', environment: 'normal', spawn: { x: 0, y: 64, z: 0 } }],
      teleportToPlayer: async (playerName, targetName) => {
        if (!game.online.some((player) => player.name === playerName)) throw new PlayerNotOnlineError(playerName);
        throw new PlayerNotOnlineError(targetName, 'target');
      },
      teleportToLocation: async (_playerName, location) => {
        throw new UnknownWorldError(location.world, ['world']);
      },
    };
    server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.settings.economy.startingBalance = 50;
        config.shopFile = path.join(directory, 'shop.yml');
      },
      { game, dataDirectory: directory },
    );
    ann = await registeredUser(server.gatehouse, server.baseUrl, 'ann', 'Ann');
    await registeredUser(server.gatehouse, server.baseUrl, 'ben', 'Ben');
    game.join('Ann', offlinePlayerUuid('Ann'));
  });
  after(async function () {
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const as = (token: string | undefined) => (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token, body });
  async function refusal(token: string | undefined, method: string, urlPath: string, body?: unknown): Promise<{ status: number; code: string; field: string | undefined }> {
    const answer = await as(token)(method, urlPath, body);
    expect(answer.body.success, `${method} ${urlPath} ${JSON.stringify(body)}`).to.equal(false);
    return { status: answer.status, code: answer.body.code, field: answer.body.field };
  }

  it('a transfer: more than the balance is about the amount, a player unknown or yourself about the recipient', async function () {
    expect(await refusal(ann, 'POST', '/api/economy/transfer', { to: 'Ben', amount: 500 })).to.deep.equal({ status: 400, code: 'insufficient_funds', field: 'amount' });
    expect(await refusal(ann, 'POST', '/api/economy/transfer', { to: 'Nobody', amount: 1 })).to.deep.equal({ status: 404, code: 'player_not_found', field: 'to' });
    expect(await refusal(ann, 'POST', '/api/economy/transfer', { to: 'Ann', amount: 1 })).to.deep.equal({ status: 400, code: 'invalid_field', field: 'to' });
    expect(await refusal(ann, 'POST', '/api/economy/transfer', { to: 'Ben', amount: 1.234 })).to.deep.equal({ status: 400, code: 'invalid_field', field: 'amount' });
  });

  it("an admin's adjustment and reversal: the player, the amount, the transaction", async function () {
    expect(await refusal(serviceToken, 'POST', '/api/admin/economy/adjust', { username: 'Nobody', amount: 5, reason: 'test' })).to.deep.equal({
      status: 404,
      code: 'player_not_found',
      field: 'username',
    });
    expect(await refusal(serviceToken, 'POST', '/api/admin/economy/adjust', { username: 'Ben', amount: -5000, reason: 'test' })).to.deep.equal({
      status: 400,
      code: 'insufficient_funds',
      field: 'amount',
    });
    expect(await refusal(serviceToken, 'POST', '/api/admin/economy/adjust', { username: 'Ben', amount: 0, reason: 'test' })).to.deep.equal({
      status: 400,
      code: 'invalid_field',
      field: 'amount',
    });
    expect(await refusal(serviceToken, 'POST', '/api/admin/economy/transactions/999999/reverse', {})).to.deep.equal({
      status: 404,
      code: 'transaction_not_found',
      field: 'id',
    });
    expect(await refusal(serviceToken, 'POST', '/api/admin/economy/transactions/x1/reverse', {})).to.deep.equal({ status: 400, code: 'invalid_field', field: 'id' });
  });

  it('a purchase and a sale: the quantity, the item', async function () {
    expect(await refusal(ann, 'POST', '/api/shop/purchase', { item: 'diamond', quantity: 1 })).to.deep.equal({ status: 400, code: 'insufficient_funds', field: 'quantity' });
    expect(await refusal(ann, 'POST', '/api/shop/purchase', { item: 'diamond', quantity: 6 })).to.deep.equal({ status: 400, code: 'insufficient_stock', field: 'quantity' });
    expect(await refusal(ann, 'POST', '/api/shop/purchase', { item: 'oak_log', quantity: 1 })).to.deep.equal({ status: 400, code: 'not_for_sale', field: 'item' });
    expect(await refusal(ann, 'POST', '/api/shop/purchase', { item: 'emerald', quantity: 1 })).to.deep.equal({ status: 400, code: 'unknown_item', field: 'item' });
    await inventories.give('Ann', 'oak_log', 2);
    expect(await refusal(ann, 'POST', '/api/player/inventory/sell', { item: 'oak_log', quantity: 5 })).to.deep.equal({
      status: 400,
      code: 'insufficient_items',
      field: 'quantity',
    });
    expect(await refusal(ann, 'POST', '/api/player/inventory/sell', { items: [{ item: 'oak_log', quantity: 5 }] })).to.deep.equal({
      status: 400,
      code: 'insufficient_items',
      field: 'items',
    });
  });

  it('making an account and logging in: the code, the username, the password', async function () {
    const post = (urlPath: string, body: unknown) => refusal(undefined, 'POST', urlPath, body);
    const account = { username: 'cleo', password: 'secret1', email: 'cleo@example.com' };
    expect(await post('/api/auth/register', { ...account, code: 'ABCD2345' })).to.deep.equal({ status: 400, code: 'invalid_code', field: 'code' });
    expect(await post('/api/auth/register', { ...account, username: 'ann', code: await codeFor(server.gatehouse, 'Cleo') })).to.deep.equal({
      status: 409,
      code: 'username_taken',
      field: 'username',
    });
    expect(await post('/api/auth/register', { ...account, password: 'é'.repeat(40), code: await codeFor(server.gatehouse, 'Cleo') })).to.deep.equal({
      status: 400,
      code: 'invalid_field',
      field: 'password',
    });
    expect(await post('/api/auth/login', { username: 'ann', password: 'not-the-password' })).to.deep.equal({ status: 401, code: 'invalid_credentials', field: 'password' });
  });

  it("an admin's teleport, message and whitelist change, and a job: the field that names who or what", async function () {
    expect(await refusal(serviceToken, 'POST', '/api/admin/teleport-player', { player: 'Ghost', targetPlayer: 'Ann' })).to.deep.equal({
      status: 404,
      code: 'player_not_online',
      field: 'player',
    });
    expect(await refusal(serviceToken, 'POST', '/api/admin/teleport-player', { player: 'Ann', targetPlayer: 'Ghost' })).to.deep.equal({
      status: 404,
      code: 'player_not_online',
      field: 'targetPlayer',
    });
    expect(await refusal(serviceToken, 'POST', '/api/teleport', { player: 'Ann', target: 'Ghost' })).to.deep.equal({ status: 404, code: 'player_not_online', field: 'target' });
    expect(await refusal(serviceToken, 'POST', '/api/admin/teleport-coordinates', { player: 'Ann', world: 'mars', x: 0, y: 64, z: 0 })).to.deep.equal({
      status: 404,
      code: 'world_not_found',
      field: 'world',
    });
    expect(await refusal(serviceToken, 'POST', '/api/admin/messages', { content: 'Hi', expiresAt: '2001-01-01T00:00:00Z' })).to.deep.equal({
      status: 400,
      code: 'invalid_field',
      field: 'expiresAt',
    });
    expect(await refusal(ann, 'POST', '/api/jobs/join', { job: 'astronaut' })).to.deep.equal({ status: 400, code: 'unknown_job', field: 'job' });
    expect(await refusal(ann, 'GET', '/api/economy/balance?username=Nobody')).to.deep.include({ status: 403 });
    expect(await refusal(serviceToken, 'GET', '/api/economy/balance?username=Nobody')).to.deep.equal({ status: 404, code: 'player_not_found', field: 'username' });
  });

  it('names no field where the error is about none', async function () {
    expect(await refusal(ann, 'GET', '/api/admin/settings')).to.deep.equal({ status: 403, code: 'admin_required', field: undefined });
    expect(await refusal(serviceToken, 'DELETE', '/api/admin/restart')).to.deep.equal({ status: 404, code: 'no_restart', field: undefined });
  });
});
