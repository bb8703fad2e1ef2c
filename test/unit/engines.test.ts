/**
 * The Node version the project states (package.json "engines") must be one
 * every installed package accepts, or `npm install` warns EBADENGINE on the
 * very version the README tells owners to use: but for the packages named
 * below, whose declared requirement is not a real one here, each with why
 * (and the README says so, so the one warning left is expected).
 */
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';

type Version = [number, number, number];

function parseVersion(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, '').split('.').map(Number);
  return [major, minor, patch];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether `version` satisfies an engines range of the forms packages use:
 * alternatives joined by ||, each one or more of `>=x.y.z`, `^x.y.z`, `~x.y.z`, `x`, `x.*` or `x.y.x` (any such), `*`.
 */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/([<>=^~]+)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => {
        if (comparator === '*' || comparator === '') return true;
        const match = /^(>=|>|<=|<|\^|~|=)?v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(comparator);
        if (!match) throw new Error(`unreadable engines range "${range}"`);
        const [, operator = '', major, minor, patch] = match;
        const any = (part: string | undefined) => part === undefined || part === 'x' || part === '*';
        const floor: Version = [Number(major), any(minor) ? 0 : Number(minor), any(patch) ? 0 : Number(patch)];
        switch (operator) {
          case '>=':
            return compare(version, floor) >= 0;
          case '>':
            return compare(version, floor) > 0;
          case '<':
            return compare(version, floor) < 0;
          case '<=':
            return compare(version, floor) <= 0;
          case '^':
            return compare(version, floor) >= 0 && version[0] === floor[0];
          case '~':
            return compare(version, floor) >= 0 && version[0] === floor[0] && version[1] === floor[1];
          default:
            if (any(minor)) return version[0] === floor[0];
            if (any(patch)) return version[0] === floor[0] && version[1] === floor[1];
            return compare(version, floor) === 0;
        }
      }),
  );
}

/**
 * Every minecraft-protocol release that speaks 1.21.4 (flying-squid 1.12 needs
 * ^1.66) declares Node 22, while running on Node 20.19 and later: the
 * embedded server and the test bots are built on it, and this whole suite runs
 * them on Node 20.
 */
const declaredButNotRequired = new Set(['minecraft-protocol']);

describe('the Node version the project states', function () {
  it('is accepted by every package it installs', async function () {
    const manifest = JSON.parse(await readFile('package.json', 'utf8')) as { engines: { node: string } };
    const stated = /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(manifest.engines.node);
    expect(stated, `package.json engines.node "${manifest.engines.node}" is a lowest version (>=x.y.z)`).to.not.equal(null);
    const lowest = parseVersion(stated![1]!);
    const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string }; optional?: boolean }> };
    expect(lock.packages[''], 'package-lock.json is of this package.json').to.deep.include({ engines: manifest.engines });
    const refusing = Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && entry.engines?.node && !satisfies(lowest, entry.engines.node))
      .filter(([where]) => !declaredButNotRequired.has(where.replace(/^.*node_modules\//, '')))
      .map(([where, entry]) => `${where.replace(/^.*node_modules\//, '')}@${entry.version} requires node ${entry.engines!.node}`);
    expect(refusing, `Node ${lowest.join('.')} (package.json engines)`).to.deep.equal([]);
  });

  it('reads engines ranges as npm does', function () {
    expect(satisfies([20, 0, 0], '>=22')).to.equal(false);
    expect(satisfies([22, 13, 0], '>=22')).to.equal(true);
    expect(satisfies([22, 0, 0], '^20.19.0 || >=22.12.0')).to.equal(false);
    expect(satisfies([22, 12, 0], '^20.19.0 || >=22.12.0')).to.equal(true);
    expect(satisfies([22, 13, 0], '^20.12||^22.13||>=24.0')).to.equal(true);
    expect(satisfies([23, 0, 0], '^20.12||^22.13||>=24.0')).to.equal(false);
    expect(satisfies([20, 5, 0], '18 || 20 || >=22')).to.equal(true);
    expect(satisfies([21, 0, 0], '18 || 20 || >=22')).to.equal(false);
    expect(satisfies([9, 0, 0], '6.* || 8.* || >= 10.*')).to.equal(false);
    expect(satisfies([14, 17, 0], '>=16 || 14 >=14.18')).to.equal(false);
    expect(satisfies([14, 18, 0], '>=16 || 14 >=14.18')).to.equal(true);
  });
});
