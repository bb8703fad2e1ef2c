/**
 * scripts/install-test-tools.sh, which `npm test` runs before the suite: a
 * program some suites need is left alone when it is there, installed with
 * apt-get as root on a Debian machine, and otherwise named with the one
 * command that installs it. Run here against a PATH of stand-ins (`id`
 * saying who runs it, `apt-get` recording what it is asked and "installing"
 * by making the file the check looks for), so nothing is installed or
 * removed on this machine.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { chromiumTool, installCommand, nginxTool, postgresTool, wrkTool } from '../helpers/missing-tool.js';

const run = promisify(execFile);
const script = path.resolve('scripts/install-test-tools.sh');

interface Machine {
  /** Who runs the script: root or a user. */
  root: boolean;
  /** apt-get is there and installs, is there and fails, or is absent (not Debian). */
  aptGet: 'installs' | 'fails' | 'absent';
  /** Chromium is at the path the check looks at. */
  chromium: boolean;
  /** initdb and pg_ctl are in GATEHOUSE_POSTGRES_BIN. */
  postgres: boolean;
  /** wrk is at the path the check looks at (there unless said). */
  wrk?: boolean;
  /** nginx is at the path the check looks at (there unless said). */
  nginx?: boolean;
  environment?: Record<string, string>;
}

interface Outcome {
  status: number;
  output: string;
  /** The apt-get commands asked for, one per line. */
  aptGet: string[];
  chromiumAfter: boolean;
}

async function executable(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  await chmod(file, 0o755);
}

describe('scripts/install-test-tools.sh', function () {
  let directory: string;
  let shell: string;
  let chmodPath: string;

  before(async function () {
    shell = (await run('bash', ['-c', 'command -v bash'])).stdout.trim();
    chmodPath = (await run('bash', ['-c', 'command -v chmod'])).stdout.trim();
  });

  beforeEach(async function () {
    directory = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-test-tools-'));
  });

  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  /** Runs the script on a machine made of stand-ins, with only them on the PATH. */
  async function runOn(machine: Machine, args: string[] = []): Promise<Outcome> {
    const machineDirectory = await mkdtemp(path.join(directory, 'machine-'));
    const bin = path.join(machineDirectory, 'bin');
    const postgresBin = path.join(machineDirectory, 'postgres-bin');
    const chromium = path.join(machineDirectory, 'chromium');
    const wrk = path.join(machineDirectory, 'wrk');
    const nginx = path.join(machineDirectory, 'nginx');
    const aptLog = path.join(machineDirectory, 'apt-get.log');
    await mkdir(bin, { recursive: true });
    await mkdir(postgresBin, { recursive: true });
    await executable(path.join(bin, 'id'), `#!/bin/sh\n[ "$1" = -u ] && echo ${machine.root ? 0 : 1000}\n`);
    if (machine.aptGet !== 'absent') {
      await executable(
        path.join(bin, 'apt-get'),
        [
          '#!/bin/sh',
          `echo "$*" >> '${aptLog}'`,
          machine.aptGet === 'fails' ? '[ "$1" = install ] && exit 100' : `case "$*" in *chromium*) printf '#!/bin/sh\\n' > '${chromium}'; ${chmodPath} +x '${chromium}';; esac`,
          'exit 0',
          '',
        ].join('\n'),
      );
    }
    if (machine.chromium) await executable(chromium, '#!/bin/sh\n');
    if (machine.wrk ?? true) await executable(wrk, '#!/bin/sh\n');
    if (machine.nginx ?? true) await executable(nginx, '#!/bin/sh\n');
    if (machine.postgres) {
      await executable(path.join(postgresBin, 'initdb'), '#!/bin/sh\n');
      await executable(path.join(postgresBin, 'pg_ctl'), '#!/bin/sh\n');
    }
    const env = { PATH: bin, GATEHOUSE_CHROMIUM: chromium, GATEHOUSE_WRK: wrk, GATEHOUSE_NGINX: nginx, GATEHOUSE_POSTGRES_BIN: postgresBin, ...machine.environment };
    let status = 0;
    let output: string;
    try {
      const result = await run(shell, [script, ...args], { env, cwd: machineDirectory });
      output = result.stdout + result.stderr;
    } catch (error) {
      const failure = error as { code: number; stdout: string; stderr: string };
      status = failure.code;
      output = failure.stdout + failure.stderr;
    }
    const aptGet = (await readFile(aptLog, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const chromiumAfter = await readFile(chromium).then(
      () => true,
      () => false,
    );
    return { status, output, aptGet, chromiumAfter };
  }

  it('leaves a tool that is there alone, asking apt-get nothing', async function () {
    const outcome = await runOn({ root: true, aptGet: 'installs', chromium: true, postgres: true });
    expect(outcome.output).to.match(/^Chromium: present$/m);
    expect(outcome.output).to.match(/^wrk, the HTTP load generator: present$/m);
    expect(outcome.output).to.match(/^nginx, the reverse proxy: present$/m);
    expect(outcome.output).to.match(/^PostgreSQL's server programs \(initdb, pg_ctl\): present$/m);
    expect(outcome.aptGet).to.deep.equal([]);
    expect(outcome.status).to.equal(0);
  });

  it('installs a missing tool from its Debian package as root with apt-get', async function () {
    const outcome = await runOn({ root: true, aptGet: 'installs', chromium: false, postgres: true }, ['chromium']);
    expect(outcome.aptGet).to.deep.equal(['update', 'install -y --no-install-recommends chromium']);
    expect(outcome.chromiumAfter).to.equal(true);
    expect(outcome.output).to.match(/^Chromium: missing; installing Debian's chromium package$/m);
    expect(outcome.output).to.match(/^Chromium: installed$/m);
    expect(outcome.status).to.equal(0);
  });

  it('as a user, installs nothing and names the one command that installs the tool', async function () {
    const outcome = await runOn({ root: false, aptGet: 'installs', chromium: false, postgres: false });
    expect(outcome.aptGet).to.deep.equal([]);
    expect(outcome.output).to.include('Chromium: missing: the browser suites will be skipped; to install it: sudo bash scripts/install-test-tools.sh chromium');
    expect(outcome.output).to.include(
      "PostgreSQL's server programs (initdb, pg_ctl): missing: the PostgreSQL suites will be skipped; to install it: sudo bash scripts/install-test-tools.sh postgresql",
    );
    expect(outcome.status).to.equal(1);
  });

  it('as root without apt-get (not Debian), installs nothing and says what to install', async function () {
    const outcome = await runOn({ root: true, aptGet: 'absent', chromium: false, postgres: true });
    expect(outcome.output).to.include(
      "Chromium: missing: the browser suites will be skipped; to install it: bash scripts/install-test-tools.sh chromium (on Debian; elsewhere, your system's chromium package)",
    );
    expect(outcome.chromiumAfter).to.equal(false);
    expect(outcome.status).to.equal(1);
  });

  it('says so when apt-get cannot install the package', async function () {
    const outcome = await runOn({ root: true, aptGet: 'fails', chromium: false, postgres: true }, ['chromium']);
    expect(outcome.aptGet).to.deep.equal(['update', 'install -y --no-install-recommends chromium']);
    expect(outcome.output).to.match(/^Chromium: apt-get could not install chromium: the browser suites will be skipped/m);
    expect(outcome.status).to.equal(1);
  });

  it("before the suite (--or-skip), lets the run go on, saying the tool's suites will fail where its variable requires it", async function () {
    const skipping = await runOn({ root: false, aptGet: 'installs', chromium: false, postgres: true }, ['--or-skip']);
    expect(skipping.status).to.equal(0);
    expect(skipping.output).to.include('Chromium: missing: the browser suites will be skipped');
    const required = await runOn({ root: false, aptGet: 'installs', chromium: false, postgres: true, environment: { GATEHOUSE_CHROMIUM_REQUIRED: 'true' } }, ['--or-skip']);
    expect(required.output).to.include('Chromium: missing: the browser suites will fail (GATEHOUSE_CHROMIUM_REQUIRED=true)');
  });

  it("lists each tool's variable, and refuses a tool it does not know", async function () {
    const listed = await runOn({ root: false, aptGet: 'absent', chromium: true, postgres: true }, ['--variables']);
    expect(listed.output.split('\n').filter(Boolean)).to.deep.equal([
      'GATEHOUSE_POSTGRES_REQUIRED',
      'GATEHOUSE_CHROMIUM_REQUIRED',
      'GATEHOUSE_WRK_REQUIRED',
      'GATEHOUSE_NGINX_REQUIRED',
    ]);
    const unknown = await runOn({ root: false, aptGet: 'absent', chromium: true, postgres: true }, ['nginks']);
    expect(unknown.status).to.equal(2);
    expect(unknown.output).to.include('no test tool named nginks; the tools: postgresql chromium wrk nginx');
  });

  it('knows every tool the test helpers ask for, under the same variable and the command they name', async function () {
    const listed = await runOn({ root: false, aptGet: 'absent', chromium: true, postgres: true }, ['--variables']);
    for (const tool of [postgresTool, chromiumTool, wrkTool, nginxTool]) {
      expect(listed.output.split('\n'), tool.name).to.include(tool.requiredVariable);
      const named = await runOn({ root: false, aptGet: 'installs', chromium: false, postgres: false, wrk: false, nginx: false }, [tool.name]);
      expect(named.output, tool.name).to.include(`to install it: ${installCommand(tool, false)}`);
      expect(named.output, tool.name).to.include(`${tool.title}`);
    }
  });
});
