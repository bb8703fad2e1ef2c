/**
 * The PostgreSQL store's configuration: `storage.postgresql` in config.yml
 * (LuckPerms' keys), the environment overrides, the password masked where
 * configuration is logged, and every bad value stopping start-up with the
 * key named. No server is needed.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, describeConfigForLog, loadConfig } from '../../src/config/config.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

describe('PostgreSQL store configuration', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-pgconfig-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  const withFile = async (yaml: string, env: NodeJS.ProcessEnv = {}) => {
    await writeFile(path.join(directory, 'config.yml'), yaml);
    return loadConfig(env, directory);
  };
  const refusal = async (yaml: string, env: NodeJS.ProcessEnv = {}) => {
    const error = await withFile(yaml, env).then(
      () => undefined,
      (failure: Error) => failure,
    );
    expect(error, 'start-up refused').to.be.instanceOf(ConfigError);
    return error!.message;
  };

  it('defaults to the JSON store, with LuckPerms-style defaults for PostgreSQL', async function () {
    const config = await loadConfig({}, directory);
    expect(config.storage).to.deep.equal({
      type: 'json',
      postgresql: { host: 'localhost', port: 5432, database: 'gatehouse', username: 'gatehouse', password: '', poolSize: 10, tablePrefix: 'gatehouse_' },
    });
  });

  it('reads storage.postgresql from config.yml, the port defaulting to 5432, IPv6 in brackets', async function () {
    const yaml = (address: string) =>
      `storage:\n  type: postgresql\n  postgresql:\n    address: "${address}"\n    database: network\n    username: mc\n    password: s3cret\n    pool-size: 25\n    table-prefix: survival_\n`;
    const config = await withFile(yaml('db.example.net:6543'));
    expect(config.storage).to.deep.equal({
      type: 'postgresql',
      postgresql: { host: 'db.example.net', port: 6543, database: 'network', username: 'mc', password: 's3cret', poolSize: 25, tablePrefix: 'survival_' },
    });
    expect((await withFile(yaml('10.0.0.5'))).storage.postgresql).to.deep.include({ host: '10.0.0.5', port: 5432 });
    expect((await withFile(yaml('[::1]:5433'))).storage.postgresql).to.deep.include({ host: '::1', port: 5433 });
    expect((await withFile(yaml('[fd00::5]'))).storage.postgresql).to.deep.include({ host: 'fd00::5', port: 5432 });
  });

  it('lets the environment override every key, the password included', async function () {
    const config = await withFile('storage:\n  postgresql:\n    password: from-file\n', {
      GATEHOUSE_STORAGE_TYPE: 'postgresql',
      GATEHOUSE_POSTGRES_ADDRESS: '192.168.1.9:5500',
      GATEHOUSE_POSTGRES_DATABASE: 'fromenv',
      GATEHOUSE_POSTGRES_USERNAME: 'envuser',
      GATEHOUSE_POSTGRES_PASSWORD: 'from-env',
      GATEHOUSE_POSTGRES_POOL_SIZE: '4',
      GATEHOUSE_POSTGRES_TABLE_PREFIX: 'lobby_',
    });
    expect(config.storage).to.deep.equal({
      type: 'postgresql',
      postgresql: { host: '192.168.1.9', port: 5500, database: 'fromenv', username: 'envuser', password: 'from-env', poolSize: 4, tablePrefix: 'lobby_' },
    });
  });

  it('masks the password wherever the configuration is logged, and leaves the rest readable', async function () {
    const config = await withFile('storage:\n  type: postgresql\n  postgresql:\n    password: "hunter2 with spaces"\n');
    const logged = describeConfigForLog(config);
    expect(logged.storage.postgresql).to.deep.include({ password: '********', host: 'localhost', username: 'gatehouse' });
    expect(JSON.stringify(logged)).to.not.include('hunter2');
    expect(config.storage.postgresql.password, 'the configuration itself keeps it').to.equal('hunter2 with spaces');
    expect(describeConfigForLog(await loadConfig({ GATEHOUSE_POSTGRES_PASSWORD: '' }, directory)).storage.postgresql.password, 'an empty password stays visibly empty').to.equal(
      '',
    );
  });

  it('refuses bad values, naming the key', async function () {
    expect(await refusal('storage:\n  type: mysql\n')).to.equal('config.yml: "storage.type" must be one of json, postgresql, got "mysql" (line 2)');
    expect(await refusal('storage:\n  postgresql:\n    address: "db:99999"\n')).to.match(/"storage\.postgresql\.address" must match format "host:port"/);
    expect(await refusal('storage:\n  postgresql:\n    address: "db:port"\n')).to.match(/"storage\.postgresql\.address"/);
    expect(await refusal('storage:\n  postgresql:\n    address: "::1"\n'), 'IPv6 without brackets').to.match(/"storage\.postgresql\.address"/);
    expect(await refusal('storage:\n  postgresql:\n    address: ""\n')).to.match(/"storage\.postgresql\.address"/);
    expect(await refusal('storage:\n  postgresql:\n    pool-size: 0\n')).to.match(/"storage\.postgresql\.pool-size" must be >= 1/);
    expect(await refusal('storage:\n  postgresql:\n    pool-size: "ten"\n')).to.equal('config.yml: "storage.postgresql.pool-size" must be an integer, got "ten" (line 3)');
    expect(await refusal('storage:\n  postgresql:\n    table-prefix: "drop table;"\n')).to.match(/"storage\.postgresql\.table-prefix" must match pattern/);
    expect(await refusal('storage:\n  postgresql:\n    table-prefix: "Upper_"\n')).to.match(/"storage\.postgresql\.table-prefix"/);
    expect(await refusal('storage:\n  postgresql:\n    database: ""\n')).to.match(/"storage\.postgresql\.database"/);
    expect(await refusal('storage:\n  postgresql:\n    host: db\n')).to.equal('config.yml: unknown key "storage.postgresql.host" (line 3)');
    expect(await refusal('', { GATEHOUSE_POSTGRES_POOL_SIZE: 'many' })).to.equal('GATEHOUSE_POSTGRES_POOL_SIZE must be an integer, got "many"');
  });

  it('allows an empty table prefix (the tables then have their plain names)', async function () {
    expect((await withFile('storage:\n  postgresql:\n    table-prefix: ""\n')).storage.postgresql.tablePrefix).to.equal('');
  });
});
