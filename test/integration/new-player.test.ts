/**
 * A new player on the setup as shipped (config.yml's defaults, shop.yml's
 * catalogue): after making a web account they can buy something in the
 * shop. Over real HTTP; the game is the double of test/helpers/fake-game.ts
 * with inventories, where the purchase waits for the player to join.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../src/config/config.js';
import { parseCatalogue } from '../../src/features/shop/catalogue.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { defaultShopFile } from '../../src/features/shop/default-catalogue.js';
import { registeredUser } from '../helpers/accounts.js';
import { FakeGame } from '../helpers/fake-game.js';
import { FakeInventories } from '../helpers/fake-inventories.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';

describe('a new player on the shipped setup', function () {
  let server: TestGatehouse;
  let directory: string;

  before(async function () {
    directory = await temporaryDirectory('gatehouse-new-player-');
    const shipped = await loadConfig({}, directory);
    const game = new FakeGame();
    const inventories = new FakeInventories(() => false);
    // The game knows every item the shipped catalogue sells, as a real one does.
    for (const item of parseCatalogue(defaultShopFile, 'shop.yml').items.keys()) inventories.known.add(item);
    game.capabilities.inventories = inventories;
    server = await startTestGatehouse(
      (config) => {
        config.settings.economy.startingBalance = shipped.settings.economy.startingBalance;
        // No shop.yml: the catalogue shipped in it.
        config.shopFile = path.join(directory, 'no-shop.yml');
      },
      { game, dataDirectory: directory },
    );
  });
  after(async function () {
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("is given the portal's address in /register's answer, a link that opens it with the code filled in", async function () {
    const answer: unknown = await (server.gatehouse.game as FakeGame).codeHandlers.get('register')!({ name: 'Rey', uuid: offlinePlayerUuid('Rey') });
    const parts = (answer as { parts?: Array<{ text: string; url?: string }> }).parts ?? [];
    const text = parts.map((part) => part.text).join('');
    const code = /registration code: §f§l([A-Z0-9]{8})/.exec(text)?.[1];
    expect(code, JSON.stringify(answer)).to.be.a('string');
    // Derived from where the API listens (host and port), as nothing names another.
    expect(parts.filter((part) => part.url !== undefined)).to.deep.equal([{ text: `${server.baseUrl}/register`, url: `${server.baseUrl}/register?code=${code}` }]);
  });

  it('can buy the cheapest item of the shop with the balance a new account opens with', async function () {
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'newt', 'Newt');
    const balance = (await api(server.baseUrl, 'GET', '/api/economy/balance', { token })).body.balance as number;
    const items = (await api(server.baseUrl, 'GET', '/api/shop/items?limit=100', { token })).body.items as Array<{ item: string; buyPrice: number; canBuy: boolean }>;
    const cheapest = items.filter((item) => item.canBuy).sort((a, b) => a.buyPrice - b.buyPrice)[0]!;
    expect(balance, `a balance of ${balance} and ${cheapest.item} at ${cheapest.buyPrice}`).to.be.at.least(cheapest.buyPrice);
    const bought = await api(server.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: cheapest.item, quantity: 1 } });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(bought.body.delivery.state).to.equal('pending');
  });
});
