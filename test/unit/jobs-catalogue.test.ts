import { readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'chai';
import { JobsFileError, loadJobs, parseJobs } from '../../src/features/jobs/catalogue.js';
import { defaultJobsFile } from '../../src/features/jobs/default-jobs.js';
import { LevelCurve } from '../../src/features/jobs/levels.js';
import { GameTexts } from '../../src/texts/catalogue.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

describe('jobs.yml and the level curve', function () {
  it('ships jobs.yml equal to the defaults used without one: miner, woodcutter, digger, farmer and hunter', async function () {
    expect(await readFile(path.join(root, 'jobs.yml'), 'utf8')).to.equal(defaultJobsFile);
    const { jobs } = parseJobs(defaultJobsFile, 'jobs.yml');
    expect([...jobs.keys()]).to.deep.equal(['miner', 'woodcutter', 'digger', 'farmer', 'hunter']);
    const miner = jobs.get('miner')!;
    expect(miner).to.deep.include({ name: 'Miner', dailyCapCents: 25_000 });
    expect(miner.blockBroken.get('stone')).to.deep.equal({ id: 'stone', cents: 5, experience: 1 });
    expect(miner.blockBroken.get('deepslate_diamond_ore')).to.deep.equal({ id: 'deepslate_diamond_ore', cents: 650, experience: 40 });
    expect(jobs.get('hunter')!.entityKilled.get('zombie')).to.deep.equal({ id: 'zombie', cents: 100, experience: 5 });
    expect(miner.levels.rules).to.deep.equal({ max: 50, first: 100, growth: 1.12, bonusPerLevel: 0.02 });
  });

  it('lists only blocks and entities vanilla 1.21.4 has (checked against minecraft-data)', function () {
    const registry = createRequire(import.meta.url)('minecraft-data')('1.21.4') as { blocksByName: Record<string, unknown>; entitiesByName: Record<string, unknown> };
    const { jobs } = parseJobs(defaultJobsFile, 'jobs.yml');
    const unknown: string[] = [];
    for (const job of jobs.values()) {
      for (const id of job.blockBroken.keys()) if (!registry.blocksByName[id]) unknown.push(`${job.id}: block ${id}`);
      for (const id of job.entityKilled.keys()) if (!registry.entitiesByName[id]) unknown.push(`${job.id}: entity ${id}`);
    }
    expect(unknown).to.deep.equal([]);
    expect([...jobs.values()].reduce((sum, job) => sum + job.blockBroken.size + job.entityKilled.size, 0)).to.be.greaterThan(90);
  });

  it('uses the defaults when the file is missing, and reads the file when there is one', async function () {
    const directory = await temporaryDirectory('gatehouse-jobs-file-');
    try {
      const file = path.join(directory, 'jobs.yml');
      expect([...(await loadJobs(file)).jobs.keys()]).to.have.length(5);
      await writeFile(
        file,
        'jobs:\n  baker:\n    name: Baker\n    description: Bakes.\n    daily-cap: 0\n    levels: { max: 3, first: 10, growth: 2, bonus-per-level: 0.5 }\n    block-broken:\n      minecraft:hay_block: { money: 1.25 }\n',
      );
      const baker = (await loadJobs(file)).get('baker')!;
      expect(baker.blockBroken.get('hay_block')).to.deep.equal({ id: 'hay_block', cents: 125, experience: 0 });
      expect(baker.dailyCapCents).to.equal(0);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('stops with the job and the field named for every kind of mistake', function () {
    const job = (fields: string, pays = 'block-broken: { stone: { money: 0.05, experience: 1 } }') =>
      `jobs:\n  miner:\n    name: Miner\n    description: Mines.\n    daily-cap: 10\n    levels: { max: 10, first: 100, growth: 1.1, bonus-per-level: 0.02 }\n    ${pays}\n${fields}`;
    const cases: Array<[string, string]> = [
      ['jobs: [1, 2', 'jobs.yml is not valid YAML'],
      ['work: {}', 'jobs.yml: work is not a known key (known: jobs)'],
      ['jobs: [miner]', 'jobs.yml: jobs must be a mapping'],
      ['jobs:\n  Miner!: {}', 'jobs.yml: job "Miner!": is not a job id'],
      ['jobs:\n  miner: 5', 'jobs.yml: job "miner": must be a mapping'],
      [job('    colour: blue\n'), 'jobs.yml: job "miner": colour is not a known key'],
      [job('').replace('    name: Miner\n', ''), 'jobs.yml: job "miner": name is missing'],
      [job('').replace('name: Miner', 'name: "Mi\\u00a7ner"'), 'jobs.yml: job "miner": name must not hold control characters or §'],
      [job('').replace('daily-cap: 10', 'daily-cap: 1.234'), 'jobs.yml: job "miner": daily-cap must have at most two decimals'],
      [job('').replace('daily-cap: 10', 'daily-cap: -1'), 'jobs.yml: job "miner": daily-cap must be an amount from 0'],
      [job('').replace('max: 10', 'max: 0'), 'jobs.yml: job "miner": levels.max must be a whole number from 1 to 1000'],
      [job('').replace('first: 100', 'first: 2.5'), 'jobs.yml: job "miner": levels.first must be a whole number'],
      [job('').replace('growth: 1.1', 'growth: 0.5'), 'jobs.yml: job "miner": levels.growth must be a number from 1 to 10'],
      [job('').replace(', growth: 1.1', ''), 'jobs.yml: job "miner": levels.growth is missing'],
      [job('').replace('bonus-per-level: 0.02', 'bonus-per-level: 0.00001'), 'jobs.yml: job "miner": levels.bonus-per-level must have at most 4 decimals'],
      [job('').replace('max: 10, first: 100, growth: 1.1', 'max: 1000, first: 1000000, growth: 10'), 'jobs.yml: job "miner": levels needs too much experience'],
      [job('', 'block-broken: { "Stone Bricks": { money: 1 } }'), 'jobs.yml: job "miner": block-broken.Stone Bricks is not a Minecraft id'],
      [job('', 'block-broken: { stone: { money: 0.001 } }'), 'jobs.yml: job "miner": block-broken.stone.money must have at most two decimals'],
      [job('', 'block-broken: { stone: { money: "1" } }'), 'jobs.yml: job "miner": block-broken.stone.money must be an amount'],
      [job('', 'block-broken: { stone: { experience: -1 } }'), 'jobs.yml: job "miner": block-broken.stone.experience must be a whole number from 0'],
      [job('', 'block-broken: { stone: { money: 0, experience: 0 } }'), 'jobs.yml: job "miner": block-broken.stone pays nothing'],
      [job('', 'block-broken: { stone: { money: 1, tip: 2 } }'), 'jobs.yml: job "miner": block-broken.stone.tip is not a known key'],
      [job('', 'block-broken: { stone: { money: 1 }, "minecraft:stone": { money: 2 } }'), 'jobs.yml: job "miner": block-broken.minecraft:stone repeats stone'],
      [job('', 'entity-killed: { zombie: 3 }'), 'jobs.yml: job "miner": entity-killed.zombie must be a mapping'],
      [job('', 'block-broken: {}'), 'jobs.yml: job "miner": pays for nothing'],
    ];
    for (const [text, message] of cases) {
      expect(() => parseJobs(text, 'jobs.yml'), text).to.throw(JobsFileError, message);
    }
  });

  it('makes a level curve: level 2 at first, each later level growth times the one before, and the pay multiplier', function () {
    const curve = new LevelCurve({ max: 5, first: 100, growth: 1.5, bonusPerLevel: 0.1 });
    expect(curve.table()).to.deep.equal([
      { level: 1, experience: 0, multiplier: 1 },
      { level: 2, experience: 100, multiplier: 1.1 },
      { level: 3, experience: 250, multiplier: 1.2 },
      { level: 4, experience: 475, multiplier: 1.3 },
      { level: 5, experience: 813, multiplier: 1.4 },
    ]);
    expect([0, 99, 100, 249, 250, 812, 813, 1_000_000].map((experience) => curve.levelAt(experience))).to.deep.equal([1, 1, 2, 2, 3, 4, 5, 5]);
    expect(curve.experienceFor(6)).to.equal(undefined);
    expect(curve.multiplierBasisPoints(3)).to.equal(12_000);
  });

  it('keeps the jobs texts of messages.yml equal to the defaults', async function () {
    const shipped = await GameTexts.load(path.join(root, 'messages.yml'));
    const defaults = GameTexts.defaults();
    const values = { job: 'Miner', level: 3, multiplier: '1.04', cap: '$250.00' };
    expect(shipped.render('jobs.level-up', values)).to.equal(defaults.render('jobs.level-up', values));
    expect(shipped.render('jobs.daily-cap', values)).to.equal(defaults.render('jobs.daily-cap', values));
    expect(defaults.render('jobs.level-up', values)).to.equal('§6You reached level 3 as Miner! Your pay is now x1.04.');
  });
});
