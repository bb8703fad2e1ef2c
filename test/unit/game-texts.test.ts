/**
 * messages.yml over the shipped texts: what stops start-up (an unknown key or
 * placeholder, a text without a placeholder it must show) and what an
 * owner's file written for an earlier release still does (a placeholder
 * added since is put after their words, with a warning saying so).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { GameTexts, TextsError } from '../../src/texts/catalogue.js';

describe('the in-game texts of messages.yml', function () {
  let directory: string;
  const written = async (yaml: string) => {
    const file = path.join(directory, 'messages.yml');
    await writeFile(file, yaml);
    return file;
  };

  before(async function () {
    directory = await mkdtemp(path.join(tmpdir(), 'gatehouse-texts-'));
  });
  after(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  it('stops at a text that leaves out a placeholder it must show, naming the key and the placeholder', async function () {
    const file = await written('register:\n  code: "&aYour code expires in {hours} hours."\n');
    const failure = await GameTexts.load(file).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure).to.be.instanceOf(TextsError);
    expect(failure?.message).to.contain('"register.code" must show the placeholder {code}');
  });

  it("keeps an owner's register.code written before {url} existed: their words, then the portal's link, and a warning that says where to put it", async function () {
    const file = await written('register:\n  code: "&aYour code: &f{code}&a, valid {hours} hours."\n');
    const texts = await GameTexts.load(file);
    const line = texts.renderLine(
      'register.code',
      { code: 'K7QW2MXP', hours: 24 },
      { url: { text: 'http://mc.example.lan:8080/register', url: 'http://mc.example.lan:8080/register?code=K7QW2MXP' } },
    );
    expect(line.parts.map((part) => part.text).join('')).to.equal('§aYour code: §fK7QW2MXP§a, valid 24 hours. http://mc.example.lan:8080/register');
    expect(line.parts.at(-1)).to.deep.equal({ text: 'http://mc.example.lan:8080/register', url: 'http://mc.example.lan:8080/register?code=K7QW2MXP' });
    expect(texts.warnings).to.deep.equal([
      `${file}: "register.code" does not show {url} (the portal's address, added in this release); it is shown after the text: put {url} where it should stand`,
    ]);
  });

  it('has no warning for the shipped messages.yml', async function () {
    expect((await GameTexts.load(path.resolve('messages.yml'))).warnings).to.deep.equal([]);
  });
});
