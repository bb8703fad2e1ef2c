import { writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, describeConfigForLog, loadConfig } from '../../src/config/config.js';
import { portalAddress } from '../../src/config/portal-address.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

describe('configuration', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-config-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  async function rejection(promise: Promise<unknown>): Promise<Error> {
    try {
      await promise;
    } catch (error) {
      return error as Error;
    }
    throw new Error('expected a rejection');
  }

  it('uses the documented defaults when there is no config.yml', async function () {
    const config = await loadConfig({}, directory);
    expect(config.port).to.equal(8080);
    expect(config.token).to.equal('');
    expect(config.cors).to.deep.equal({ enabled: true, allowedOrigins: '*' });
    expect(config.dataDirectory).to.equal(path.join(directory, 'data'));
    expect(config.game.embedded.port).to.equal(25565);
    expect(config.accounts.registrationCodeLifetimeSeconds).to.equal(86400);
    expect(config.accounts.tokenLifetimeSeconds).to.equal(86400);
    expect(config.http.bodyLimitBytes).to.equal(64 * 1024);
  });

  it('matches the commented config.yml shipped with the project', async function () {
    const shipped = await loadConfig({ GATEHOUSE_CONFIG: path.resolve('config.yml') }, directory);
    // messages.yml is looked for beside whichever config file was read.
    expect({ ...shipped, textsFile: '', shopFile: '', jobsFile: '' }).to.deep.equal({ ...(await loadConfig({}, directory)), textsFile: '', shopFile: '', jobsFile: '' });
    expect(shipped.textsFile).to.equal(path.resolve('messages.yml'));
    expect(shipped.shopFile).to.equal(path.resolve('shop.yml'));
  });

  it('reads config.yml, then lets environment variables override it', async function () {
    await writeFile(path.join(directory, 'config.yml'), 'port: 9000\ncors:\n  enabled: false\ngame:\n  embedded:\n    port: 25000\n');
    const fromFile = await loadConfig({}, directory);
    expect(fromFile.port).to.equal(9000);
    expect(fromFile.cors.enabled).to.equal(false);
    expect(fromFile.cors.allowedOrigins).to.equal('*');
    expect(fromFile.game.embedded.port).to.equal(25000);

    const overridden = await loadConfig({ GATEHOUSE_PORT: '9100', GATEHOUSE_GAME_PORT: '25100', GATEHOUSE_DATA: '/srv/gatehouse', GATEHOUSE_TOKEN: 'abc' }, directory);
    expect(overridden.port).to.equal(9100);
    expect(overridden.game.embedded.port).to.equal(25100);
    expect(overridden.dataDirectory).to.equal('/srv/gatehouse');
    expect(overridden.token).to.equal('abc');
    expect(describeConfigForLog(overridden).token).to.equal('********');
  });

  it('reads the forward-auth block, and stops on a rule for a site that is not one of its hosts or a host in capitals', async function () {
    await writeFile(
      path.join(directory, 'config.yml'),
      'forward-auth:\n  hosts: [map.example.com, "127.0.0.1:8123"]\n  rules:\n    - { path: /admin/, need: operator }\n    - { host: map.example.com, path: /public/, need: anyone }\n  default-need: whitelisted\n',
    );
    const read = await loadConfig({}, directory);
    expect(read.forwardAuth).to.deep.equal({
      hosts: ['map.example.com', '127.0.0.1:8123'],
      rules: [
        { path: '/admin/', need: 'operator' },
        { host: 'map.example.com', path: '/public/', need: 'anyone' },
      ],
      defaultNeed: 'whitelisted',
      callbackPath: '/.gatehouse/callback',
    });
    await writeFile(path.join(directory, 'config.yml'), 'forward-auth:\n  hosts: [map.example.com]\n  rules:\n    - { host: wiki.example.com, path: /, need: anyone }\n');
    const unlisted = await rejection(loadConfig({}, directory));
    expect(unlisted).to.be.instanceOf(ConfigError);
    expect(unlisted.message).to.include('"forward-auth.rules[0].host" (wiki.example.com) is not one of forward-auth.hosts');
    await writeFile(path.join(directory, 'config.yml'), 'forward-auth:\n  hosts: [Map.Example.com]\n');
    expect((await rejection(loadConfig({}, directory))).message).to.include('forward-auth.hosts');
  });

  it('reads the file named by GATEHOUSE_CONFIG and fails clearly when it is missing', async function () {
    const file = path.join(directory, 'other.yml');
    await writeFile(file, 'port: 7000\n');
    expect((await loadConfig({ GATEHOUSE_CONFIG: file }, directory)).port).to.equal(7000);
    const error = await rejection(loadConfig({ GATEHOUSE_CONFIG: path.join(directory, 'missing.yml') }, directory));
    expect(error).to.be.instanceOf(ConfigError);
    expect(error.message).to.match(/missing\.yml.*does not exist/);
  });

  it('stops on a value of the wrong type, naming the key', async function () {
    for (const [yaml, message] of [
      ['port: "eighty"\n', /"port" must be an integer/],
      ['cors:\n  enabled: "yes"\n', /"cors\.enabled" must be a boolean/],
      ['server:\n  max-players: 2.5\n', /"server\.max-players" must be an integer/],
      ['server:\n  difficulty: brutal\n', /"server\.difficulty" must be one of peaceful, easy, normal, hard/],
      ['chat:\n  webhook-url: ftp://x\n', /"chat\.webhook-url"/],
      ['accounts:\n  token-lifetime-seconds: -1\n', /"accounts\.token-lifetime-seconds" must be >= 1/],
      ['prot: 80\n', /unknown key "prot"/],
      ['cors:\n  enable: true\n', /unknown key "cors\.enable"/],
      ['- a\n- b\n', /mapping/],
    ] as const) {
      await writeFile(path.join(directory, 'config.yml'), yaml);
      const error = await rejection(loadConfig({}, directory));
      expect(error, yaml).to.be.instanceOf(ConfigError);
      expect(error.message, yaml).to.match(message);
    }
  });

  it('quotes the bad value of the file and its line, and suggests the nearest known key for an unknown one', async function () {
    for (const [yaml, messages] of [
      ['port: 8080\ncors:\n  enabled: yes\n', [/"cors\.enabled" must be a boolean, got "yes" \(line 3\)/]],
      ['server:\n  name: Mine\n  max-players: 2.5\n', [/"server\.max-players" must be an integer, got 2\.5 \(line 3\)/]],
      ['server:\n  difficulty: brutal\n', [/"server\.difficulty" must be one of peaceful, easy, normal, hard, got "brutal" \(line 2\)/]],
      ['accounts:\n  token-lifetime-seconds: -1\n', [/"accounts\.token-lifetime-seconds" must be >= 1, got -1 \(line 2\)/]],
      ['cors:\n  allowed-origins:\n    - a\n', [/"cors\.allowed-origins" must be a string, got \["a"\] \(line 3\)/]],
      ['prot: 80\n', [/unknown key "prot" \(line 1\); did you mean "port"\?/]],
      ['# a comment\ncors:\n  enable: true\n', [/unknown key "cors\.enable" \(line 3\); did you mean "cors\.enabled"\?/]],
      ['game:\n  embeded:\n    port: 1\n', [/unknown key "game\.embeded" \(line 2\); did you mean "game\.embedded"\?/]],
      ['zebra: 1\n', [/unknown key "zebra" \(line 1\)$/]],
    ] as const) {
      await writeFile(path.join(directory, 'config.yml'), yaml);
      const error = await rejection(loadConfig({}, directory));
      expect(error, yaml).to.be.instanceOf(ConfigError);
      for (const message of messages) expect(error.message, yaml).to.match(message);
    }
  });

  it('sends players to portal.public-url, or where the API listens; GATEHOUSE_PUBLIC_URL overrides it; a bad one stops start-up', async function () {
    const shipped = await loadConfig({}, directory);
    expect(shipped.portal).to.deep.equal({ publicUrl: '' });
    expect(portalAddress(shipped.portal.publicUrl, shipped.host, 8080)).to.equal('http://localhost:8080/');
    expect(portalAddress('', '192.168.1.20', 8080)).to.equal('http://192.168.1.20:8080/');
    expect(portalAddress('', '::1', 8080)).to.equal('http://[::1]:8080/');
    await writeFile(path.join(directory, 'config.yml'), 'portal:\n  public-url: https://play.example.net\n');
    const named = await loadConfig({}, directory);
    expect(portalAddress(named.portal.publicUrl, named.host, 8080)).to.equal('https://play.example.net/');
    expect((await loadConfig({ GATEHOUSE_PUBLIC_URL: 'http://10.0.0.5:8080/' }, directory)).portal.publicUrl).to.equal('http://10.0.0.5:8080/');
    for (const bad of ['play.example.net', 'ftp://play.example.net/', 'https://play.example.net/?a=1']) {
      const error = await rejection(loadConfig({ GATEHOUSE_PUBLIC_URL: bad }, directory));
      expect(error.message, bad).to.match(/"portal\.public-url" must be empty or an http or https address .* \(from GATEHOUSE_PUBLIC_URL\)/);
    }
  });

  it('names the environment variable a bad value came from, quoting it', async function () {
    const error = await rejection(loadConfig({ GATEHOUSE_STORAGE_TYPE: 'mongo' }, directory));
    expect(error.message).to.match(/"storage\.type" must be one of json, postgresql, got "mongo" \(from GATEHOUSE_STORAGE_TYPE\)/);
  });

  it('stops on an environment variable that is not an integer, naming it', async function () {
    const error = await rejection(loadConfig({ GATEHOUSE_PORT: 'http' }, directory));
    expect(error.message).to.match(/GATEHOUSE_PORT must be an integer/);
  });

  it('takes the RCON host, port and server directory from environment variables, a relative directory from the working directory', async function () {
    await writeFile(path.join(directory, 'config.yml'), 'game:\n  connection: rcon\n  rcon:\n    host: 10.0.0.1\n    port: 25575\n    server-directory: /srv/old\n');
    const config = await loadConfig({ GATEHOUSE_RCON_HOST: 'minecraft.internal', GATEHOUSE_RCON_PORT: '25580', GATEHOUSE_RCON_SERVER_DIRECTORY: 'server' }, directory);
    expect(config.game.rcon.host).to.equal('minecraft.internal');
    expect(config.game.rcon.port).to.equal(25580);
    expect(config.game.rcon.serverDirectory).to.equal(path.join(directory, 'server'));
    expect(config.game.rcon.logFile).to.equal(path.join(directory, 'server', 'logs', 'latest.log'));
    const error = await rejection(loadConfig({ GATEHOUSE_RCON_PORT: 'rcon' }, directory));
    expect(error.message).to.match(/GATEHOUSE_RCON_PORT must be an integer/);
  });
});
