import { expect } from 'chai';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { joinBot, leave, nextChat } from '../helpers/bots.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import type { Bot } from 'mineflayer';

describe('economy in game: /balance and /pay between mineflayer bots on the embedded server', function () {
  let server: TestGatehouse;
  const bots: Bot[] = [];
  before(async function () {
    server = await startTestGatehouse((config) => {
      config.settings.economy.startingBalance = 50;
    });
  });
  after(async function () {
    await Promise.all(bots.map((bot) => leave(bot)));
    await server.stop();
  });

  it('opens accounts on join, answers /balance, moves money with /pay, tells the payee, and the web history shows it', async function () {
    const port = (server.gatehouse.game as EmbeddedGameServer).port;
    const payer = await joinBot(port, 'Payer');
    const payee = await joinBot(port, 'Payee');
    bots.push(payer, payee);

    const balance = nextChat(payer, /Your balance: (.+)$/);
    payer.chat('/balance');
    expect((await balance)[1]).to.equal('$50.00');

    const told = nextChat(payee, /Payer paid you (.+)\.$/);
    const paid = nextChat(payer, /You paid Payee (\S+)\. Your balance: (.+)$/);
    payer.chat('/pay Payee 12.25');
    expect((await paid).slice(1)).to.deep.equal(['$12.25', '$37.75']);
    expect((await told)[1]).to.equal('$12.25');

    const refused = nextChat(payer, /You do not have (\S+); your balance is (.+)\.$/);
    payer.chat('/pay Payee 1000');
    expect((await refused).slice(1)).to.deep.equal(['$1,000.00', '$37.75']);
    const usage = nextChat(payer, /Usage: \/pay/);
    payer.chat('/pay Payee lots');
    await usage;
    const unknown = nextChat(payer, /There is no player called Ghost/);
    payer.chat('/pay Ghost 1');
    await unknown;

    // The payee creates a web account later and finds the payment in their history.
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'payee_web', 'Payee');
    const history = await api(server.baseUrl, 'GET', '/api/economy/history', { token });
    expect(history.body.transactions).to.have.length(1);
    expect(history.body.transactions[0]).to.deep.include({ type: 'TRANSFER', amount: 12.25, balance: 62.25, counterparty: 'Payer' });
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance', { token })).body.formatted).to.equal('$62.25');
  });
});
