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
});
