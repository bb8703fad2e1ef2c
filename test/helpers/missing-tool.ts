/**
 * Suites that need a program from outside npm (PostgreSQL's server programs,
 * Chromium) go through here when it is missing: the suite is skipped, and
 * recorded so that the run ends by naming it under the one command that
 * installs the program (test/helpers/summary-reporter.cjs); or, where the
 * tool's variable is `true` (CI), it fails instead. Each tool is a line of
 * scripts/install-test-tools.sh, which `npm test` runs first.
 */

export interface TestTool {
  /** Its name in scripts/install-test-tools.sh. */
  name: string;
  /** What it is, for people. */
  title: string;
  /** Set to `true`, a suite that lacks the tool fails rather than skips. */
  requiredVariable: string;
}

export const postgresTool: TestTool = { name: 'postgresql', title: "PostgreSQL's server programs", requiredVariable: 'GATEHOUSE_POSTGRES_REQUIRED' };
export const chromiumTool: TestTool = { name: 'chromium', title: 'Chromium', requiredVariable: 'GATEHOUSE_CHROMIUM_REQUIRED' };
/** The benchmarks' HTTP load generator (bench/wrk.ts), not a test's: it goes through the same installer. */
export const wrkTool: TestTool = { name: 'wrk', title: 'wrk, the HTTP load generator', requiredVariable: 'GATEHOUSE_WRK_REQUIRED' };
/** The reverse proxy in front of a site that asks Gatehouse (test/e2e/forward-auth-nginx.test.ts). */
export const nginxTool: TestTool = { name: 'nginx', title: 'nginx, the reverse proxy', requiredVariable: 'GATEHOUSE_NGINX_REQUIRED' };

/** What the run's ending reads: kept on globalThis, which the reporter (CommonJS, loaded by mocha) shares with the suites. */
export interface SkippedForMissingTool {
  /** The suite (skipped from a hook) or the test (skipped from itself). */
  runnable: Mocha.Runnable | Mocha.Suite;
  tool: string;
  install: string;
}

const registry = Symbol.for('gatehouse.skippedForMissingTools');

function skippedForMissingTools(): SkippedForMissingTool[] {
  const holder = globalThis as { [registry]?: SkippedForMissingTool[] };
  holder[registry] ??= [];
  return holder[registry];
}

/** The one command that installs the tool on this machine (without sudo for root). */
export function installCommand(tool: TestTool, root = process.getuid?.() === 0): string {
  return `${root ? '' : 'sudo '}bash scripts/install-test-tools.sh ${tool.name}`;
}

/**
 * For a suite's `before` (or a test itself) that found its tool missing, for
 * `reason`: skips the suite (or the test) and records it for the run's
 * ending, or throws where the tool's variable requires it.
 */
export function skipForMissingTool(context: Mocha.Context, tool: TestTool, reason: string): never {
  if (process.env[tool.requiredVariable] === 'true') throw new Error(`${tool.requiredVariable}=true, and ${reason}`);
  const running = context.test;
  // A hook (`before`) skips its whole suite; a test skips itself.
  const skipped = running && (running as { type?: string }).type !== 'test' ? running.parent : running;
  if (skipped) skippedForMissingTools().push({ runnable: skipped, tool: tool.title, install: installCommand(tool) });
  console.log(`    skipped: ${reason}; to install ${tool.title}: ${installCommand(tool)}`);
  context.skip();
}
