/**
 * `npm run bench -- portal`: the portal's first load in headless Chromium
 * with an empty cache, against the API's reference page (/api/docs, Swagger
 * UI, served by the same process) loaded the same way in the same run.
 * - Bytes: the compressed script and style the load transferred, summed from
 *   Chromium's own network events (DevTools `Network.loadingFinished`, less
 *   each answer's header bytes), goal under 150 KB.
 * - Usable: from the start of the navigation until the login form answers a
 *   click (the username input attached and enabled, then a click on "Log in"
 *   with empty fields shows the field's error), goal under 1 s on localhost.
 * Median of 7 loads each, every load in a new page with the cache cleared.
 */
import { performance } from 'node:perf_hooks';
import type { CDPSession, Page } from 'playwright-core';
import { startChromium, type HeadlessChromium } from '../test/helpers/chromium.js';
import { startTestGatehouse } from '../test/helpers/gatehouse.js';
import { judge, loadNow } from './goals.js';

interface Load {
  /** Encoded (compressed) body bytes of scripts and style sheets. */
  codeBytes: number;
  /** Encoded body bytes of everything the load fetched. */
  allBytes: number;
  requests: number;
  /** ms from the navigation's start until the page is usable. */
  usableMs: number;
}

/** Counts the encoded body bytes of every answer, by resource type, from DevTools network events. */
function countBytes(session: CDPSession): () => { code: number; all: number; requests: number } {
  const kinds = new Map<string, { type: string; headerBytes: number }>();
  let code = 0;
  let all = 0;
  let requests = 0;
  session.on('Network.responseReceived', (event) => {
    // At this event the answer's encodedDataLength is what arrived so far: its headers.
    kinds.set(event.requestId, { type: event.type, headerBytes: event.response.encodedDataLength });
  });
  session.on('Network.loadingFinished', (event) => {
    const kind = kinds.get(event.requestId);
    if (!kind) return;
    const body = Math.max(0, event.encodedDataLength - kind.headerBytes);
    requests += 1;
    all += body;
    if (kind.type === 'Script' || kind.type === 'Stylesheet') code += body;
  });
  return () => ({ code, all, requests });
}

async function firstLoad(browser: HeadlessChromium, url: string, usable: (page: Page) => Promise<void>): Promise<Load> {
  const page = await browser.context.newPage();
  const session = await browser.context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.clearBrowserCache');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  const counted = countBytes(session);
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await usable(page);
  const usableMs = performance.now() - started;
  await page.waitForLoadState('networkidle');
  const { code, all, requests } = counted();
  await page.close();
  return { codeBytes: code, allBytes: all, requests, usableMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function portalFirstLoad(): Promise<void> {
  const server = await startTestGatehouse(undefined, { checkAnswers: false });
  const browser = await startChromium();
  try {
    const portalUsable = async (page: Page) => {
      const username = page.getByLabel('Username', { exact: true });
      await username.waitFor({ state: 'attached' });
      if (!(await username.isEnabled())) throw new Error('the username input is disabled');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    };
    const docsUsable = async (page: Page) => {
      await page.locator('.swagger-ui .opblock-tag').first().waitFor({ state: 'attached' });
    };
    const portal: Load[] = [];
    const docs: Load[] = [];
    // One of each to warm the server and Chromium, then alternately so drift hits both.
    await firstLoad(browser, `${server.baseUrl}/login`, portalUsable);
    await firstLoad(browser, `${server.baseUrl}/api/docs`, docsUsable);
    const loadAtStart = loadNow();
    for (let round = 0; round < 7; round += 1) {
      portal.push(await firstLoad(browser, `${server.baseUrl}/login`, portalUsable));
      docs.push(await firstLoad(browser, `${server.baseUrl}/api/docs`, docsUsable));
    }
    const portalCode = median(portal.map((load) => load.codeBytes));
    const portalMs = median(portal.map((load) => load.usableMs));
    const docsCode = median(docs.map((load) => load.codeBytes));
    const docsMs = median(docs.map((load) => load.usableMs));
    console.log("\n18. The portal's first load in headless Chromium, empty cache, against the API reference page (/api/docs) in the same run (median of 7 each)");
    console.log(
      `   portal /login: script and style ${kb(portalCode)} compressed ${judge('portal /login: script and style, compressed', portalCode / 1024, 'under', 150, { unit: ' KB', loadAtStart })}, ${kb(median(portal.map((load) => load.allBytes)))} in all over ${median(portal.map((load) => load.requests))} requests; usable in ${portalMs.toFixed(0)} ms ${judge('portal /login: usable after', portalMs, 'under', 1000, { unit: ' ms', loadAtStart })}`,
    );
    console.log(`   /api/docs: script and style ${kb(docsCode)}, usable (the first operation shown) in ${docsMs.toFixed(0)} ms`);
    console.log(`   ratio portal / docs: bytes ${(portalCode / docsCode).toFixed(2)}, time ${(portalMs / docsMs).toFixed(2)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
