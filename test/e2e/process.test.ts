import { readFile, rm, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { api, temporaryDirectory } from '../helpers/gatehouse.js';
import { killStartedProcesses, startGatehouseProcess } from '../helpers/process.js';

describe('the npm start process', function () {
  let workDirectory: string;
  beforeEach(async function () {
    workDirectory = await temporaryDirectory('gatehouse-process-');
  });
  afterEach(async function () {
    await killStartedProcesses();
    await rm(workDirectory, { recursive: true, force: true });
  });

  it('says where the API and the game listen and how to become an operator, takes console commands, and stops cleanly on Ctrl-C', async function () {
    const running = await startGatehouseProcess(path.join(workDirectory, 'data'));
    expect(running.output()).to.match(/Embedded Minecraft 1\.21\.4 server .* listening on 127\.0\.0\.1:\d+/);
    expect(running.output()).to.match(/type "op <your player name>"/);
    const health = await api(`http://127.0.0.1:${running.apiPort}`, 'GET', '/api/health');
    expect(health.body.game.connected).to.equal(true);

    running.child.stdin!.write('op Notch\n');
    const deadline = Date.now() + 5000;
    while (!/Made Notch a server operator/.test(running.output()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running.output()).to.match(/Made Notch a server operator/);

    running.child.kill('SIGINT');
    const exit = await running.exited;
    expect(exit.code, running.output()).to.equal(0);
    expect(running.output()).to.match(/Stopped\./);
    const ops = JSON.parse(await readFile(path.join(workDirectory, 'data', 'ops.json'), 'utf8'));
    expect(ops).to.deep.equal([{ uuid: ops[0].uuid, name: 'Notch', level: 4, bypassesPlayerLimit: false }]);
  });

  it('keeps quiet, not busy, when its console goes away', async function () {
    const running = await startGatehouseProcess(path.join(workDirectory, 'data'));
    const cpuTicks = async () => {
      const fields = (await readFile(`/proc/${running.child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]);
    };
    running.child.stdout!.destroy();
    running.child.stderr!.destroy();
    // Make it print to the closed console.
    running.child.stdin!.write('help\nlist\n');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = await cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const used = (await cpuTicks()) - before;
    // 2 s are 200 ticks at 100 Hz; idle with its 20 Hz game tick it uses a few.
    expect(used, 'CPU ticks in 2 s').to.be.below(40);
    expect(running.child.exitCode).to.equal(null);
  });

  it('refuses to start on a config value of the wrong type, naming it', async function () {
    const configFile = path.join(workDirectory, 'bad.yml');
    await writeFile(configFile, 'port: 8080\ncors:\n  allowed-origins: 5\n');
    const child = spawn(process.execPath, ['build/src/main.js'], {
      env: { ...process.env, GATEHOUSE_CONFIG: configFile, GATEHOUSE_DATA: path.join(workDirectory, 'data') },
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).to.equal(1);
    expect(output).to.match(/Gatehouse cannot start: bad\.yml: "cors\.allowed-origins" must be a string/);
  });
});
