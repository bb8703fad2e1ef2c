/**
 * Headless Chromium for tests that load a page: Debian's /usr/bin/chromium
 * driven by playwright-core (which downloads no browser of its own), with
 * every background connection Chromium makes by itself turned off. A suite
 * calls `requireChromium(this)` in `before`: where Chromium is missing it is
 * skipped saying why, unless GATEHOUSE_CHROMIUM_REQUIRED=true (CI), where
 * that is a failure.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const chromiumPath = process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium';

export interface HeadlessChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

export function requireChromium(context: Mocha.Context): void {
  if (existsSync(chromiumPath)) return;
  const reason = `no Chromium at ${chromiumPath} (scripts/install-chromium.sh installs Debian's chromium)`;
  if (process.env.GATEHOUSE_CHROMIUM_REQUIRED === 'true') throw new Error(`Chromium is required here (GATEHOUSE_CHROMIUM_REQUIRED) but missing: ${reason}`);
  console.log(`    Chromium suite skipped: ${reason}`);
  context.skip();
}

/** A fresh profile in a throwaway directory, removed on close. */
export async function startChromium(): Promise<HeadlessChromium> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
