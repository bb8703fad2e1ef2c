import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

export interface LoadResult {
  committed: number;
  refused: number;
  errors: number;
  seconds: number;
}

/** Runs bench/load.js against `baseUrl` with a scenario (see load.ts) in a process of its own. */
export async function runLoad(baseUrl: string, concurrency: number, seconds: number, scenario: object): Promise<LoadResult> {
  const directory = await mkdtemp(path.join(tmpdir(), 'gatehouse-load-'));
  try {
    const file = path.join(directory, 'scenario.json');
    await writeFile(file, JSON.stringify(scenario));
    const { stdout } = await run(process.execPath, [path.join(here, 'load.js'), baseUrl, String(concurrency), String(seconds), file], { maxBuffer: 1 << 20 });
    return JSON.parse(stdout) as LoadResult;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Requests per second of a GET, failing on any answer but 200. */
export async function getRate(url: string, bearer?: string, concurrency = 32, seconds = 4): Promise<number> {
  const target = new URL(url);
  const result = await runLoad(target.origin, concurrency, seconds, { kind: 'get', path: target.pathname + target.search, ...(bearer ? { bearer } : {}) });
  if (result.errors > 0 || result.refused > 0) throw new Error(`${result.errors + result.refused} failed requests against ${url}`);
  return result.committed / result.seconds;
}
