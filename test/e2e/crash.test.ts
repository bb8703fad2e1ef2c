import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { allStoreParts } from '../../src/features/index.js';
import { JsonStore } from '../../src/store/json/index.js';
import { api, temporaryDirectory } from '../helpers/gatehouse.js';
import { killStartedProcesses, startGatehouseProcess } from '../helpers/process.js';

describe('crash safety: kill -9 during a burst of registrations', function () {
  let workDirectory: string;
  before(async function () {
    workDirectory = await temporaryDirectory('gatehouse-crash-');
  });
  after(async function () {
    await killStartedProcesses();
    await rm(workDirectory, { recursive: true, force: true });
  });

  it('keeps every acknowledged account and leaves every file readable', async function () {
    const dataDirectory = path.join(workDirectory, 'data');
    const players = 300;
    // Codes as /register would have stored them, so the burst needs no game clients.
    const codes = Array.from({ length: players }, (_, index) => ({
      code: `CRASH${index}`,
      gameUsername: `Player${index}`,
      gameUuid: `00000000-0000-3000-8000-${String(index).padStart(12, '0')}`,
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    }));
    await mkdir(dataDirectory, { recursive: true });
    await writeFile(path.join(dataDirectory, 'registration-codes.json'), JSON.stringify({ codes }));

    const running = await startGatehouseProcess(dataDirectory);
    const baseUrl = `http://127.0.0.1:${running.apiPort}`;
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < players && !killed) {
        const index = next++;
        const username = `crash_${index}`;
        try {
          const response = await api(baseUrl, 'POST', '/api/auth/register', {
            body: { username, password: 'password1', email: `${username}@example.com`, code: codes[index]!.code },
          });
          if (response.status === 201) acknowledged.push(username);
          else if (!killed) throw new Error(`unexpected ${response.status}: ${JSON.stringify(response.body)}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const burst = Promise.all(Array.from({ length: 16 }, worker));
    // Kill once a good share is acknowledged, while many requests are still in flight.
    while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 5));
    killed = true;
    running.child.kill('SIGKILL');
    await burst;
    const exit = await running.exited;
    expect(exit.signal).to.equal('SIGKILL');
    expect(next, 'the kill came mid-burst').to.be.lessThan(players);

    // Every document parses and every acknowledged account is there.
    for (const folder of [dataDirectory, path.join(dataDirectory, 'users')]) {
      for (const name of await readdir(folder)) {
        if (name.endsWith('.json')) JSON.parse(await readFile(path.join(folder, name), 'utf8'));
      }
    }
    const store = await JsonStore.open(dataDirectory, { parts: allStoreParts() });
    try {
      for (const username of acknowledged) {
        expect(await store.users.findByUsername(username), username).to.not.equal(undefined);
      }
    } finally {
      await store.close();
    }

    // And the service starts again on the same data, and an acknowledged account logs in.
    const restarted = await startGatehouseProcess(dataDirectory);
    try {
      const login = await api(`http://127.0.0.1:${restarted.apiPort}`, 'POST', '/api/auth/login', {
        body: { username: acknowledged[0], password: 'password1' },
      });
      expect(login.status).to.equal(200);
    } finally {
      restarted.child.kill('SIGKILL');
      await restarted.exited;
    }
  });
});
