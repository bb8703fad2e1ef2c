/**
 * What the documentation tells owners to have is what the code needs: the
 * Node version of package.json's engines wherever a Node version is asked
 * for, Java 21 for a Paper 1.21 server (the jar itself is compiled for the
 * Java of scripts/build-plugin.ts), and the vanilla server's settings and
 * gaps the same in the README as in docs/vanilla.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';

/** The files an owner or developer reads for what to install: the docs, the READMEs, config.yml's comments, the plugin's own messages. */
function readFiles(): Array<{ file: string; text: string }> {
  const files = [
    'README.md',
    'bridge/README.md',
    'client/README.md',
    'config.yml',
    ...readdirSync('docs')
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
    ...readdirSync('bridge/src/main', { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.java'))
      .map((name) => `bridge/src/main/${name}`),
  ];
  return files.filter((file) => existsSync(file)).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

/** Each `<what> <version>+` or `<what> <version> or later` the text asks for, with where. */
function statedVersions(pattern: RegExp): string[] {
  return readFiles().flatMap(({ file, text }) => [...text.matchAll(pattern)].map((match) => `${file}: ${match[0].replace(/\s+/g, ' ')}`));
}

/** The lines of the first fenced block of `language` after `heading`'s text in `markdown`. */
function blockAfter(markdown: string, heading: string, language: string): string[] {
  const from = markdown.indexOf(heading);
  expect(from, heading).to.be.at.least(0);
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(markdown.slice(from));
  expect(block, `a ${language} block after ${heading}`).to.not.equal(null);
  return block![1]!
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The README's section whose heading is `heading`, up to the next `## `. */
function readmeSection(heading: string): string {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf(`## ${heading}`);
  expect(start, heading).to.be.at.least(0);
  const end = readme.indexOf('\n## ', start + 3);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe('the requirements the documentation states', function () {
  it("asks for the Node version of package.json's engines wherever it names one", function () {
    const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    const lowest = /^>=\s*(\d+\.\d+)$/.exec(engines.node)?.[1];
    expect(lowest, engines.node).to.be.a('string');
    const stated = statedVersions(/\bNode(?: executable)?,?\s+(\d+(?:\.\d+)*)(?:\+|\s+or\s+later)/g);
    expect(stated.length).to.be.above(3);
    expect(stated.filter((statement) => !statement.includes(`${lowest}+`) && !statement.includes(`${lowest} or later`))).to.deep.equal([]);
  });

  it('asks for Java 21 for a Paper or Spigot 1.21 server, and says the jar is compiled for the Java it is built for', function () {
    const release = /'--release',\s*'(\d+)'/.exec(readFileSync('scripts/build-plugin.ts', 'utf8'))?.[1];
    expect(release).to.be.a('string');
    const stated = statedVersions(/\bJava\s+(\d+)(?!\.)(?:\+|\s+or\s+later)/g);
    expect(stated.filter((statement) => !/Java 21(\+| or later)$/.test(statement))).to.deep.equal([]);
    for (const file of ['README.md', 'docs/paper.md', 'bridge/README.md']) {
      const text = readFileSync(file, 'utf8').replace(/\s+/g, ' ');
      expect(text, file).to.match(/Java 21(\+| or later)/);
      expect(text, file).to.include(`compiled for Java ${release}`);
    }
  });

  it("gives the vanilla server's settings in the README as docs/vanilla.md does, and no more than its list of what works", function () {
    const vanilla = readFileSync('docs/vanilla.md', 'utf8');
    const section = readmeSection('On a vanilla server (RCON)');
    expect(blockAfter(section, 'server.properties', 'properties')).to.deep.equal(blockAfter(vanilla, '## Setup', 'properties'));
    expect(section).to.not.match(/everything else (is|works)/i);
    expect(section).to.include('](docs/vanilla.md#what-does-not-work)');
  });
});
