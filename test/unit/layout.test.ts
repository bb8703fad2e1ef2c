/**
 * The source tree keeps its shape (docs/architecture.md): one home for each
 * API group in src/features/<group>/, its wiring in feature.ts and its routes
 * in routes.ts; no file so big that it holds several ideas. The import rules
 * between the layers are dependency-cruiser's (.dependency-cruiser.cjs, run
 * by `npm run lint`); these are the rules about files that it cannot see.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const root = process.cwd();
const source = path.join(root, 'src');
const featureFolder = path.join(source, 'features');
const maxLines = 400;
const maxWiringLines = 120;
/** Folders of src/features that are not API groups. */
const notGroups = new Set(['common']);

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;
const relative = (file: string) => path.relative(root, file);
const groups = readdirSync(featureFolder).filter((name) => statSync(path.join(featureFolder, name)).isDirectory() && !notGroups.has(name));

/**
 * What src/store, the engine, may hold of records: the users and the secrets
 * (the token signing key) that every group shares, and the network's tables.
 * A record one group owns is that group's store part, in its folder.
 */
const engine = {
  /** Everything store/port.ts exports. */
  exports: [
    'AppendLog',
    'KeyStore',
    'LogQuery',
    'NewUser',
    'Store',
    'StoreCorruptError',
    'StoreFailedError',
    'StorePart',
    'StoreSnapshot',
    'TransactionalStores',
    'UniqueConflictError',
    'UserQuery',
    'UserRecord',
    'UserStore',
    'storePart',
  ],
  /** The stores a unit of work and the store offer by name (every other record through `part`). */
  members: ['keys', 'kind', 'users'],
  /** The PostgreSQL tables src/store makes. */
  tables: ['keys', 'network_calls', 'network_instances', 'network_notices', 'network_presence', 'network_retained', 'users'],
  /** The files and folders of the data directory src/store names (besides the secrets' `<name>.key`). */
  files: ['journal', 'users'],
};
const storeFolder = path.join(source, 'store');
/** Every match of `pattern`'s first group in the TypeScript under `folder`, sorted and once each. */
const namedIn = (folder: string, pattern: RegExp) =>
  [...new Set(filesUnder(folder).flatMap((file) => (file.endsWith('.ts') ? [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => match[1]!) : [])))].sort();

describe('the layout of src/', function () {
  it('has no src/services: the logic of each group lives in its feature folder, general pieces in src/lib', function () {
    expect(existsSync(path.join(source, 'services'))).to.equal(false);
  });

  it(`has no source file of more than ${maxLines} lines`, function () {
    const long = filesUnder(source)
      .filter((file) => file.endsWith('.ts') && lineCount(file) > maxLines)
      .map((file) => `${relative(file)}: ${lineCount(file)} lines`);
    expect(long).to.deep.equal([]);
  });

  it(`gives every API group a feature.ts of wiring only (at most ${maxWiringLines} lines, no route written there)`, function () {
    const problems = groups.flatMap((group) => {
      const wiring = path.join(featureFolder, group, 'feature.ts');
      if (!existsSync(wiring)) return [`src/features/${group} has no feature.ts`];
      const text = readFileSync(wiring, 'utf8');
      return [
        ...(lineCount(wiring) > maxWiringLines ? [`${relative(wiring)}: ${lineCount(wiring)} lines`] : []),
        ...(/\broute\(\{/.test(text) ? [`${relative(wiring)} writes a route (routes go in routes.ts)`] : []),
      ];
    });
    expect(problems).to.deep.equal([]);
  });

  it('writes routes only in routes.ts, each beside the schemas.ts it validates with', function () {
    const misplaced = filesUnder(featureFolder)
      .filter((file) => file.endsWith('.ts') && path.basename(file) !== 'routes.ts' && /\broute\(\{/.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(misplaced, 'route(...) outside a routes.ts').to.deep.equal([]);
    const withoutSchemas = groups.filter((group) => existsSync(path.join(featureFolder, group, 'routes.ts')) && !existsSync(path.join(featureFolder, group, 'schemas.ts')));
    // Chat's one route takes and answers only the shared shapes of features/common; metrics answers Prometheus text.
    expect(withoutSchemas.filter((group) => group !== 'chat' && group !== 'metrics')).to.deep.equal([]);
  });

  it('keeps a group that stores records of its own in store.ts, store-json.ts and store-postgres.ts', function () {
    const incomplete = groups.filter((group) => {
      const has = (name: string) => existsSync(path.join(featureFolder, group, name));
      return (has('store.ts') || has('store-json.ts') || has('store-postgres.ts')) && !(has('store.ts') && has('store-json.ts') && has('store-postgres.ts'));
    });
    expect(incomplete).to.deep.equal([]);
  });

  it("keeps src/store the engine: port.ts exports what every group shares, and the store makes no group's table or file", function () {
    const port = readFileSync(path.join(storeFolder, 'port.ts'), 'utf8');
    const exported = [
      ...[...port.matchAll(/^export (?:declare )?(?:abstract )?(?:interface|type|class|function|const) (\w+)/gm)].map((match) => match[1]!),
      ...[...port.matchAll(/^export \{([^}]+)\}/gm)].flatMap((match) => match[1]!.split(',').map((name) => name.trim())),
    ].sort();
    expect(exported, 'what src/store/port.ts exports: a record owned by one group is its store part').to.deep.equal(engine.exports);
    const members = ['TransactionalStores', 'Store'].flatMap((name) => {
      const body = new RegExp(`export interface ${name}\\b[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(port)?.[1] ?? '';
      return [...body.matchAll(/^ {2}readonly (\w+)/gm)].map((match) => match[1]!);
    });
    expect(members.sort(), 'the stores the port offers by name').to.deep.equal(engine.members);
    expect(namedIn(storeFolder, /CREATE TABLE (?:IF NOT EXISTS )?\$\{name\('(\w+)'\)\}/g), 'the tables src/store makes').to.deep.equal(engine.tables);
    expect(namedIn(storeFolder, /path\.join\(dataDirectory, '([^']+)'\)/g), 'the data directory entries src/store names').to.deep.equal(engine.files);
  });
});
