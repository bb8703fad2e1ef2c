/**
 * The documentation holds together in a clone of the repository: every
 * relative link reaches a file, every anchor a heading (as GitHub makes
 * them), nothing points into a folder beside the repository, and the README
 * stays a front door rather than a manual.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/** Written in two pieces so that this file does not hold the text it looks for. */
const outsideFolder = ['..', 'shared'].join('/');
/** The folder beside the repository, or its notes named without the leading ../ (shared/reference/..., shared/spec/...). */
const outsidePointer = /\.\.\/shared|\bshared\/(reference|spec)\//;
const readmeLineLimit = 300;
/** Folders whose every file must not point beside the repository, and the single files. */
const scannedFolders = ['docs', 'src', 'scripts', 'test', 'bench'];
const scannedFiles = ['README.md', 'bridge/README.md', 'client/README.md'];
const thisTest = 'test/unit/docs-links.test.ts';

/** The repository's root: the compiled test runs from build/test/unit, the source sits in test/unit. */
function repositoryRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 6; level += 1) {
    if (existsSync(path.join(directory, 'package.json')) && existsSync(path.join(directory, 'README.md'))) return directory;
    directory = path.dirname(directory);
  }
  return process.cwd();
}

/** The Markdown files whose links are checked: the README, docs/*.md, bridge/README.md, client/README.md. */
function documentationFiles(root: string): string[] {
  const docs = existsSync(path.join(root, 'docs'))
    ? readdirSync(path.join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => path.join('docs', name))
    : [];
  return ['README.md', ...docs, path.join('bridge', 'README.md'), path.join('client', 'README.md')].filter((file) => existsSync(path.join(root, file)));
}

/** The text outside fenced code blocks, line by line (a `# comment` in a shell block is no heading). */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence === undefined) lines.push(line);
  }
  return lines;
}

/** GitHub's anchor for a heading: lower-case, punctuation but '-' and '_' removed, each space a '-'. */
function headingSlug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Every anchor a Markdown file offers; a repeated heading gets -1, -2, ... as on GitHub. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const times = seen.get(slug) ?? 0;
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
    seen.set(slug, times + 1);
  }
  return anchors;
}

/** The targets of inline links and images, outside code blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(markdown)) {
    const withoutCode = line.replace(/`[^`]*`/g, '');
    for (const match of withoutCode.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  }
  return targets;
}

/** What is wrong with the links of the documentation under `root`, one sentence each. */
function brokenLinks(root: string): string[] {
  const problems: string[] = [];
  for (const file of documentationFiles(root)) {
    const markdown = readFileSync(path.join(root, file), 'utf8');
    for (const target of linkTargets(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [linkPath = '', anchor] = target.split('#', 2) as [string, string | undefined];
      const linked = linkPath === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(linkPath));
      const fromRoot = path.relative(root, linked);
      if (fromRoot.startsWith('..') || path.isAbsolute(fromRoot)) {
        problems.push(`${file}: ${target} points outside the repository`);
        continue;
      }
      if (!existsSync(linked)) {
        problems.push(`${file}: ${target} names a file that does not exist`);
        continue;
      }
      if (anchor === undefined || !linked.endsWith('.md') || statSync(linked).isDirectory()) continue;
      if (!anchorsOf(readFileSync(linked, 'utf8')).has(anchor)) problems.push(`${file}: ${target} names no heading of ${fromRoot}`);
    }
  }
  return problems;
}

function filesUnder(root: string, folder: string): string[] {
  const start = path.join(root, folder);
  if (!existsSync(start)) return [];
  return readdirSync(start, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Files that point into a folder beside the repository, which a clone does not have. */
function pointersOutside(root: string): string[] {
  const files = [...scannedFiles.filter((file) => existsSync(path.join(root, file))), ...scannedFolders.flatMap((folder) => filesUnder(root, folder))];
  return files
    .filter((file) => file.split(path.sep).join('/') !== thisTest)
    .filter((file) => outsidePointer.test(readFileSync(path.join(root, file), 'utf8')))
    .map((file) => `${file} mentions ${outsideFolder}`);
}

function readmeLines(root: string): number {
  const text = readFileSync(path.join(root, 'README.md'), 'utf8');
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

describe('the documentation', function () {
  const root = repositoryRoot();

  it('links only to files that exist, and to headings that exist there', function () {
    expect(documentationFiles(root)).to.include.members(['README.md', path.join('docs', 'api.md')]);
    expect(brokenLinks(root)).to.deep.equal([]);
  });

  it(`points nowhere beside the repository (no ${outsideFolder} in the README, docs/, bridge/README.md, client/README.md, src/, scripts/, test/ or bench/)`, function () {
    expect(pointersOutside(root)).to.deep.equal([]);
  });

  it(`keeps the README under ${readmeLineLimit} lines`, function () {
    expect(readmeLines(root)).to.be.below(readmeLineLimit);
  });

  describe('its checks, on a repository made to fail them', function () {
    let broken: string;

    before(function () {
      broken = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-docs-links-'));
      mkdirSync(path.join(broken, 'docs'));
      mkdirSync(path.join(broken, 'src'));
      writeFileSync(path.join(broken, 'docs', 'guide.md'), '# Guide\n\n## Setting up: step 1 (quick)\n\n```sh\n# not a heading\n```\n');
      const readme = [
        '# Project',
        '[fine](docs/guide.md#setting-up-step-1-quick) and [top](#project)',
        '[missing file](docs/absent.md)',
        '[missing heading](docs/guide.md#not-a-heading)',
        '[missing local heading](#nowhere)',
        `[beside](${outsideFolder}/spec/api.md)`,
        '`[in code](docs/absent-too.md)` and [a site](https://example.com/x.md)',
        ...Array.from({ length: readmeLineLimit }, (_, index) => `line ${index}`),
      ];
      writeFileSync(path.join(broken, 'README.md'), `${readme.join('\n')}\n`);
      writeFileSync(path.join(broken, 'src', 'notes.ts'), '// see shared/reference/notes.md, named without its ../\n');
    });

    after(function () {
      rmSync(broken, { recursive: true, force: true });
    });

    it('finds a missing file, a missing heading, a link outside, and nothing in code or on the web', function () {
      expect(brokenLinks(broken)).to.deep.equal([
        'README.md: docs/absent.md names a file that does not exist',
        'README.md: docs/guide.md#not-a-heading names no heading of docs/guide.md',
        'README.md: #nowhere names no heading of README.md',
        `README.md: ${outsideFolder}/spec/api.md points outside the repository`,
      ]);
    });

    it(`finds ${outsideFolder} in the README and in src/`, function () {
      expect(pointersOutside(broken).sort()).to.deep.equal([`README.md mentions ${outsideFolder}`, `src/notes.ts mentions ${outsideFolder}`]);
    });

    it('counts the README past the limit', function () {
      expect(readmeLines(broken)).to.be.at.least(readmeLineLimit);
    });

    it("makes GitHub's anchors", function () {
      expect(headingSlug('The management protocol (1.21.9+)')).to.equal('the-management-protocol-1219');
      expect(headingSlug('Registration: /trigger register')).to.equal('registration-trigger-register');
      expect(headingSlug('Keys of `config.yml`')).to.equal('keys-of-configyml');
      expect(headingSlug('snake_case and-dashes')).to.equal('snake_case-and-dashes');
    });
  });
});
