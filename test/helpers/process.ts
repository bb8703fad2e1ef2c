import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const running = new Set<ChildProcess>();

/** Kills every process these helpers started that is still running; call it in afterEach. */
export async function killStartedProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
  running.clear();
}

export interface RunningGatehouse {
  child: ChildProcess;
  apiPort: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node build/src/main.js` as `npm start` would, on ephemeral ports,
 * with the given data directory and a config file that lowers the bcrypt
 * cost (and holds `extraConfig`, YAML of other top-level groups). Resolves
 * once the API says where it listens. `script` is another entry point that
 * starts Gatehouse as main.js does (a test's variant of it).
 */
export async function startGatehouseProcess(dataDirectory: string, extraConfig = '', script = 'build/src/main.js'): Promise<RunningGatehouse> {
  const configFile = path.join(dataDirectory, '..', `${path.basename(dataDirectory)}-config.yml`);
  // New accounts open with nothing unless the test says otherwise, as with startTestGatehouse.
  const economy = /^economy:/m.test(extraConfig) ? '' : 'economy:\n  starting-balance: 0\n';
  // Backups beside the data directory, and none on a schedule, unless the test says otherwise.
  const backups = /^backups:/m.test(extraConfig) ? '' : `backups:\n  directory: ${JSON.stringify(`${dataDirectory}-backups`)}\n  schedule: "off"\n`;
  await writeFile(configFile, `accounts:\n  bcrypt-rounds: 4\ngame:\n  embedded:\n    host: 127.0.0.1\n${economy}${backups}${extraConfig}`);
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      GATEHOUSE_CONFIG: configFile,
      GATEHOUSE_DATA: dataDirectory,
      GATEHOUSE_PORT: '0',
      GATEHOUSE_GAME_PORT: '0',
      GATEHOUSE_HOST: '127.0.0.1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const apiPort = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Gatehouse did not start within 20 s:\n${output}`)), 20_000);
    const onData = () => {
      const match = /API listening on http:\/\/[^:]+:(\d+)\/api/.exec(output);
      // The banner's last line says the start-up is over.
      if (match && /Type "help" for more/.test(output)) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`Gatehouse exited with ${code} before listening:\n${output}`));
    });
  });
  return { child, apiPort, output: () => output, exited };
}
