/**
 * The portal while what a page needs is away: a Gatehouse whose game is the
 * Paper bridge with no plugin connected (the game answers 503) and whose
 * economy is turned off (`economy.provider: none`, 503 too). The player can
 * still log in; each page says in a sentence that the game or the economy is
 * away for now, offers to try again, and never shows the raw answer.
 */
import { expect } from 'chai';
import { registeredUser } from '../helpers/accounts.js';
import { type HeadlessChromium, requireChromium, startChromium } from '../helpers/chromium.js';
import { api, startBridgeGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { desktop, openPortal, type PortalPage, phone, screenshotFor, seriousAxeFindings, unexpectedProblems, settled } from '../helpers/portal.js';

const away = /^(The economy is away for now|The game server is away for now \(Game server not available: [^)]+\))\. Try again in a moment\.$/;

describe('the portal while the game and the economy are away', function () {
  this.timeout(60_000);
  let server: TestGatehouse;
  let browser: HeadlessChromium;
  let portal: PortalPage;

  before(async function () {
    requireChromium(this);
    server = await startBridgeGatehouse('portal-away-test-service-token-0123456789abcdef', 2000, {
      adjust: (config) => {
        config.economy.provider = 'none';
      },
    });
    browser = await startChromium();
  });
  after(async function () {
    await browser?.close();
    await server?.stop();
  });

  /** The page's problem notices, each checked to be the sentence (with its Try again), never the answer's JSON. */
  async function awayNotices(): Promise<string[]> {
    const notices = portal.page.locator('.notice.problem');
    await notices.first().waitFor();
    await settled(portal.page);
    const said = await notices.locator('p').allTextContents();
    for (const sentence of said) expect(sentence).to.match(away);
    expect(await notices.getByRole('button', { name: 'Try again' }).count()).to.equal(said.length);
    expect(await portal.page.locator('main').textContent()).not.to.match(/[{}]|"success"|_unavailable/);
    return said;
  }

  it('logs in, and says on each page that needs them that the economy or the game is away for now', async function () {
    const gameAnswer = await api(server.baseUrl, 'GET', '/api/player/inventory', { token: await registeredUser(server.gatehouse, server.baseUrl, 'steady', 'Steady') });
    expect(gameAnswer.status, 'the game is away').to.equal(503);

    portal = await openPortal(browser, server.baseUrl, '/login', desktop);
    portal.page.setDefaultTimeout(10_000);
    await portal.page.getByLabel('Username', { exact: true }).fill('steady');
    await portal.page.getByLabel('Password', { exact: true }).fill('password1');
    await portal.page.getByRole('button', { name: 'Log in' }).click();
    await portal.page.waitForURL(/\/account$/);

    // The account page: the balance, the chart and the history need the economy; the profile does not.
    const account = await awayNotices();
    expect(account.every((sentence) => sentence.startsWith('The economy is away for now'))).to.equal(true);
    expect(account.length).to.be.at.least(2);
    await portal.page.getByText('steady@example.com').waitFor();
    expect(await seriousAxeFindings(portal.page)).to.deep.equal([]);
    await screenshotFor(portal.page, 'portal-away-account');
    // A transfer tried anyway: the form says the same, beside no field.
    await portal.page.getByLabel('Player', { exact: true }).fill('Someone');
    await portal.page.getByLabel('Amount', { exact: true }).fill('1');
    await portal.page.getByRole('button', { name: 'Send' }).click();
    expect(await portal.page.locator('form.transfer').getByRole('alert').textContent()).to.match(away);
    expect(await portal.page.locator('form.transfer [aria-invalid="true"]').count()).to.equal(0);

    // The inventory needs the game.
    await portal.page.goto(`${server.baseUrl}/inventory`);
    expect((await awayNotices()).join()).to.contain('The game server is away for now (Game server not available');

    // The leaderboards: the richest need the economy, who is online needs the game.
    await portal.page.goto(`${server.baseUrl}/leaderboards`);
    const boards = await awayNotices();
    expect(boards.some((sentence) => sentence.startsWith('The economy is away for now'))).to.equal(true);
    expect(boards.some((sentence) => sentence.startsWith('The game server is away for now'))).to.equal(true);
    expect(await seriousAxeFindings(portal.page)).to.deep.equal([]);

    // Still logged in: a 503 is not the session's end.
    expect(portal.page.url()).to.match(/\/leaderboards$/);
    expect(await portal.page.getByRole('button', { name: 'Log out' }).count()).to.equal(1);
    await portal.page.setViewportSize(phone);
    await portal.page.goto(`${server.baseUrl}/account`);
    await awayNotices();
    expect(await portal.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).to.be.at.most(0);
    await screenshotFor(portal.page, 'portal-away-account-phone');
    expect(unexpectedProblems(portal.problems, [503])).to.deep.equal([]);
  });
});
