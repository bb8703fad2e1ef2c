/**
 * The admin console in the browser tests: an admin's web account (an
 * operator, as the server owner makes one on the console), logging in
 * through the portal's own login page, and a record of the API requests a
 * page makes (to prove a player's visit to an admin address fetched none).
 */
import type { Page } from 'playwright-core';
import { runConsoleLine } from '../../src/console.js';
import { registeredUser } from './accounts.js';
import type { TestGatehouse } from './gatehouse.js';

/** Every admin page's address, as the console's navigation lists them. */
export const adminPaths = [
  '/admin',
  '/admin/settings',
  '/admin/users',
  '/admin/connections',
  '/admin/messages',
  '/admin/restart',
  '/admin/teleports',
  '/admin/moderation',
  '/admin/whitelist',
  '/admin/economy',
  '/admin/audit',
  '/admin/caches',
  '/admin/keys',
  '/admin/webhooks',
  '/admin/sign-in-sites',
];

/** A web account for `player`, made an operator on the server's console (so its logins are admins'). */
export async function adminAccount(server: TestGatehouse, username: string, player: string, password = 'admin-pass-1'): Promise<{ username: string; password: string }> {
  await registeredUser(server.gatehouse, server.baseUrl, username, player, password);
  const said = await runConsoleLine(server.gatehouse, `op ${player}`, () => undefined);
  if (!/server operator/.test(said)) throw new Error(`op ${player} answered "${said}"`);
  return { username, password };
}

/** Logs in on the portal's login page (the page must be open) and waits for the page it sends to. */
export async function logInThroughPortal(page: Page, baseUrl: string, account: { username: string; password: string }, next = '/admin'): Promise<void> {
  await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === next, { timeout: 15_000 });
}

/** The paths (with query) of every request the page makes to /api from now on. */
export function recordApiRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) paths.push(url.pathname + url.search);
  });
  return paths;
}

/** Goes to `path` inside the portal as a link would (no reload), and waits for its title. */
export async function goInPortal(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator('#page-title').waitFor();
}
