/**
 * The portal in real Chromium, for the browser tests: a page of the portal
 * opened at a phone's or a desktop's width, with every console error,
 * uncaught exception, Content-Security-Policy refusal and request to another
 * origin collected (a test ends by checking there were none), and axe-core
 * run on what is shown. axe-core is evaluated through the DevTools protocol,
 * so the portal's CSP (no inline script) stays on while it runs. For the
 * keyboard tests: the focused control's name, and Tab until a control has it.
 * A page that takes the live event stream is never "network idle" in
 * Playwright's sense (the stream stays open): `settled` waits for the rest.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import type { HeadlessChromium } from './chromium.js';

export const phone = { width: 375, height: 812 };
export const desktop = { width: 1440, height: 900 };

export interface PortalPage {
  page: Page;
  /** Console errors, page errors and requests that left the portal's origin, in order. */
  problems: string[];
}

/** The requests each page opened by openPortal has in flight, but its event stream. */
const inFlight = new WeakMap<Page, Set<Request>>();

export async function openPortal(browser: HeadlessChromium, baseUrl: string, path = '/', viewport = desktop): Promise<PortalPage> {
  const page = await browser.context.newPage();
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/events') pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  await page.setViewportSize(viewport);
  const problems: string[] = [];
  const origin = new URL(baseUrl).origin;
  page.on('console', (message) => {
    // The address too: "Failed to load resource: … 401" alone does not say which read was refused.
    if (message.type() === 'error') problems.push(`console: ${message.text()}${message.location().url ? ` (${message.location().url})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.push(`request left the portal: ${url}`);
  });
  await page.goto(baseUrl + path);
  return { page, problems };
}

/**
 * Waits until the page (opened by openPortal) has had no request in flight
 * for 500 ms, its live event stream aside: what waitForLoadState('networkidle')
 * did before the pages kept a stream open. At most `timeoutMs`.
 */
export async function settled(page: Page, timeoutMs = 10_000): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('settled: the page was not opened by openPortal');
  const end = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < end) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the page still had ${pending.size} request(s) in flight after ${timeoutMs} ms: ${[...pending].map((request) => request.url()).join(', ')}`);
}

/** Console errors an expected failure makes (the browser logs every 4xx it fetched): these are what the test asked for. */
export function unexpectedProblems(problems: string[], expectedStatuses: number[] = []): string[] {
  return problems.filter((problem) => !expectedStatuses.some((status) => problem.includes(`status of ${status}`)));
}

/**
 * Closes the pages a test opened (emptying `opened`), each checked first: a
 * console error or a page error other than the statuses the test caused on
 * purpose fails the test, with the server's logged errors as its message.
 */
export async function closeCheckingProblems(opened: PortalPage[], expectedStatuses: number[], serverErrors: string[]): Promise<void> {
  for (const portal of opened.splice(0)) {
    const problems = unexpectedProblems(portal.problems, expectedStatuses);
    await portal.page.close();
    expect(problems, serverErrors.join('\n')).to.deep.equal([]);
  }
}

let axeSource: Promise<string> | undefined;

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.1 A and AA rules, and best practices). */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  await page.evaluate(source);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  )) as { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> };
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}

/**
 * A full-page screenshot into the directory GATEHOUSE_SCREENSHOTS names (the
 * README's pictures come from here: `GATEHOUSE_SCREENSHOTS=docs/images`);
 * nothing when it is unset, so a test run leaves the tree as it was.
 */
export async function screenshotFor(page: Page, name: string): Promise<string | undefined> {
  const directory = process.env.GATEHOUSE_SCREENSHOTS;
  if (!directory) return undefined;
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The focused element's name as a person hears it: an input's or a select's label, else its own label or text. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused) return '';
    if (focused instanceof HTMLInputElement || focused instanceof HTMLSelectElement) return focused.labels?.[0]?.textContent?.trim() ?? '';
    return (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim();
  });
}

/**
 * Presses Tab (or Shift+Tab, `backwards`) until the focus is on the control
 * named `name`, at most `most` times; fails naming what it passed, so a
 * control the keyboard cannot reach is a failure that says so.
 */
export async function tabTo(page: Page, name: string, options: { backwards?: boolean; most?: number } = {}): Promise<void> {
  const passed: string[] = [];
  for (let presses = 0; presses < (options.most ?? 40); presses++) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    const now = await focusedName(page);
    if (now === name) return;
    passed.push(now);
  }
  throw new Error(`"${name}" not reached with ${options.most ?? 40} presses of ${options.backwards ? 'Shift+Tab' : 'Tab'}; passed ${JSON.stringify(passed)}`);
}
