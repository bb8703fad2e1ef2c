/**
 * The ending of a test run (test/helpers/summary-reporter.cjs): its very last
 * line is the plain "N passed, N failed" that CI reads, and just before it
 * every suite skipped because a program is missing here is named, under the
 * one command that installs that program. Run on a small spec in a child
 * mocha, whose suites ask for Chromium and PostgreSQL through the real
 * helpers, pointed at places where neither is.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';

const run = promisify(execFile);
const reporter = path.resolve('test/helpers/summary-reporter.cjs');
const mocha = path.resolve('node_modules/mocha/bin/mocha.js');
const helper = (name: string) => pathToFileURL(path.resolve('build/test/helpers', name)).href;

const spec = `
import { requireChromium } from '${helper('chromium.js')}';
import { requirePostgres } from '${helper('postgres.js')}';

describe('a page in the browser', function () {
  before(function () { requireChromium(this); });
  it('shows the balance', function () {});
  it('shows the shop', function () {});
  describe('on a phone', function () {
    it('shows the stock', function () {});
  });
});

describe('the reference', function () {
  it('is served', function () {});
  it('loads in Chromium', function () { requireChromium(this); });
});

describe('the store on PostgreSQL', function () {
  before(async function () { await requirePostgres(this); });
  it('keeps an account', function () {});
});

describe('a capability the adapter does not declare', function () {
  it('is skipped for itself', function () { this.skip(); });
});
`;

const specWithChromiumOnly = spec.slice(0, spec.indexOf("describe('the store on PostgreSQL'")) + spec.slice(spec.indexOf("describe('a capability"));

describe('the end of a test run', function () {
  let directory: string;

  before(async function () {
    directory = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-summary-'));
    await mkdir(path.join(directory, 'no-postgres'));
    await writeFile(path.join(directory, 'skips.test.mjs'), spec);
    await writeFile(path.join(directory, 'chromium-only.test.mjs'), specWithChromiumOnly);
  });

  after(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  async function runSpec(file: string, environment: Record<string, string>): Promise<string[]> {
    const env: Record<string, string | undefined> = { ...process.env, ...environment };
    delete env.GATEHOUSE_CHROMIUM_REQUIRED;
    delete env.GATEHOUSE_POSTGRES_REQUIRED;
    const { stdout } = await run(process.execPath, [mocha, '--no-config', '--exit', '--reporter', reporter, file], { cwd: directory, env });
    return stdout.trimEnd().split('\n');
  }

  it('names each suite skipped for want of a program, under the command that installs it, just before the last line', async function () {
    this.timeout(60_000);
    const lines = await runSpec('skips.test.mjs', { GATEHOUSE_CHROMIUM: path.join(directory, 'no-chromium'), GATEHOUSE_POSTGRES_BIN: path.join(directory, 'no-postgres') });
    const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
    expect(lines.at(-1)).to.equal('1 passed, 0 failed, 6 skipped');
    const ending = lines.slice(
      lines.findIndex((line) => line.startsWith('Not run here')),
      -1,
    );
    expect(ending).to.deep.equal([
      'Not run here, for want of a program (npm test installs it as root on Debian; else run the command, then npm test again):',
      `  Chromium: ${sudo}bash scripts/install-test-tools.sh chromium`,
      '    a page in the browser (3 tests)',
      '    the reference loads in Chromium (1 test)',
      `  PostgreSQL's server programs: ${sudo}bash scripts/install-test-tools.sh postgresql`,
      '    the store on PostgreSQL (1 test)',
    ]);
    expect(await readFile(path.join(directory, 'build', 'test-summary.txt'), 'utf8')).to.equal('1 passed, 0 failed, 6 skipped\n');
  });

  it('ends with the count alone when every program is there', async function () {
    this.timeout(60_000);
    const fakeChromium = path.join(directory, 'chromium');
    await writeFile(fakeChromium, '');
    const lines = await runSpec('chromium-only.test.mjs', { GATEHOUSE_CHROMIUM: fakeChromium });
    expect(lines.at(-1)).to.equal('5 passed, 0 failed, 1 skipped');
    expect(lines.at(-2)).to.not.match(/tests?\)$|install-test-tools/);
    expect(lines.join('\n')).to.not.include('Not run here');
  });
});
