/**
 * Headless Chromium for tests that load a page: Debian's /usr/bin/chromium
 * driven by playwright-core (which downloads no browser of its own), with
 * every background connection Chromium makes by itself turned off. A suite
 * calls `requireChromium(this)` in `before`: where Chromium is missing it is
 * skipped and named at the end of the run with the command that installs it,
 * unless GATEHOUSE_CHROMIUM_REQUIRED=true (CI), where that is a failure
 * (test/helpers/missing-tool.ts).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumTool, skipForMissingTool } from './missing-tool.js';

export const chromiumPath = process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium';

export interface HeadlessChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

export function requireChromium(context: Mocha.Context): void {
  if (existsSync(chromiumPath)) return;
  skipForMissingTool(context, chromiumTool, `there is no Chromium at ${chromiumPath}`);
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
