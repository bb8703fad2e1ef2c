/**
 * Every package Gatehouse depends on is named in docs/architecture.md's
 * Dependencies section, where a reader of package.json finds why it is
 * there. A package added without its reason fails here, not in a review.
 * Type packages (`@types/*`) are covered by the section's "@types/*".
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';

function dependencySection(): string {
  const architecture = readFileSync('docs/architecture.md', 'utf8');
  const start = architecture.indexOf('\n## Dependencies');
  expect(start, 'docs/architecture.md has a "## Dependencies" section').to.be.greaterThan(-1);
  const next = architecture.indexOf('\n## ', start + 1);
  return architecture.slice(start, next === -1 ? undefined : next);
}

describe('the dependency list', () => {
  it('names every dependency and development dependency of package.json in docs/architecture.md', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const section = dependencySection();
    const packages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => !name.startsWith('@types/'));
    const unnamed = packages.filter((name) => !section.includes(`\`${name}\``));
    expect(unnamed, 'packages without a word in docs/architecture.md#dependencies').to.deep.equal([]);
  });
});
