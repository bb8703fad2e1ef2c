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

  it('stops on "stop" typed in the console, saying "Stopping..." once', async function () {
    const running = await startGatehouseProcess(path.join(workDirectory, 'data'));
    running.child.stdin!.write('stop\n');
    const exit = await running.exited;
    expect(exit.code, running.output()).to.equal(0);
    expect(running.output()).to.match(/Stopped\./);
    expect(running.output().match(/Stopping\.\.\./g), running.output()).to.have.length(1);
  });

  it("says at start that anyone reaching the embedded server's port joins under any name, and how to bind it to this machine", async function () {
    const quiet = await startGatehouseProcess(path.join(workDirectory, 'data'));
    expect(quiet.output(), 'bound to 127.0.0.1').to.not.match(/any name/);
    quiet.child.kill('SIGINT');
    await quiet.exited;

    const configFile = path.join(workDirectory, 'open.yml');
    await writeFile(configFile, 'accounts:\n  bcrypt-rounds: 4\ngame:\n  embedded:\n    host: 0.0.0.0\n');
    const child = spawn(process.execPath, ['build/src/main.js'], {
      env: {
        ...process.env,
        GATEHOUSE_CONFIG: configFile,
        GATEHOUSE_DATA: path.join(workDirectory, 'open-data'),
        GATEHOUSE_PORT: '0',
        GATEHOUSE_GAME_PORT: '0',
        GATEHOUSE_HOST: '127.0.0.1',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      const deadline = Date.now() + 20_000;
      while (!/Type "help" for more/.test(output) && child.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(output).to.match(/offline mode/);
      expect(output).to.match(/anyone who can reach the game port can join under any name/i);
      expect(output).to.match(/game\.embedded\.host: 127\.0\.0\.1/);
    } finally {
      child.kill('SIGKILL');
    }
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
