/**
 * The jobs, read from jobs.yml beside config.yml (a missing file means the
 * defaults shipped in default-jobs.ts, which jobs.yml in the repository
 * repeats with comments). Every mistake stops start-up with the job and the
 * field named: `jobs.yml: job "miner": levels.growth must be a number from 1 to 10`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
import { defaultJobsFile } from './default-jobs.js';
import { LevelCurve } from './levels.js';
import { exactCents } from '../common/money.js';

/** What one block or entity pays. */
export interface PayEntry {
  /** Block or entity id without namespace, e.g. `stone`, `zombie`. */
  id: string;
  cents: number;
  experience: number;
}

export interface Job {
  /** The key in jobs.yml and in the API, e.g. `miner`. */
  id: string;
  name: string;
  description: string;
  /** Cents a player may earn from this job in a UTC day; 0: no cap. */
  dailyCapCents: number;
  levels: LevelCurve;
  blockBroken: Map<string, PayEntry>;
  entityKilled: Map<string, PayEntry>;
}

export type WorkKind = 'blockBroken' | 'entityKilled';

/** The jobs by id, and which jobs pay for each block and entity (the lookup of every game event). */
export class JobCatalogue {
  private readonly payers: Record<WorkKind, Map<string, Job[]>> = { blockBroken: new Map(), entityKilled: new Map() };

  constructor(readonly jobs: ReadonlyMap<string, Job>) {
    for (const job of jobs.values()) {
      for (const kind of ['blockBroken', 'entityKilled'] as const) {
        for (const id of job[kind].keys()) {
          const list = this.payers[kind].get(id) ?? [];
          list.push(job);
          this.payers[kind].set(id, list);
        }
      }
    }
  }

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  /** The jobs that pay for breaking this block, or killing this entity. */
  payersOf(kind: WorkKind, id: string): readonly Job[] {
    return this.payers[kind].get(id) ?? [];
  }
}

export class JobsFileError extends Error {
  override name = 'JobsFileError';
}

const jobIdPattern = /^[a-z][a-z0-9_-]{0,31}$/;
/** Minecraft ids: lower-case letters, digits and underscores (the namespace, if any, is `minecraft:`). */
const gameIdPattern = /^[a-z0-9_]{1,64}$/;

export async function loadJobs(file: string): Promise<JobCatalogue> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new JobsFileError(`${file} cannot be read: ${(error as Error).message}`);
    text = defaultJobsFile;
  }
  return parseJobs(text, path.basename(file));
}

export function parseJobs(text: string, fileName: string): JobCatalogue {
  let parsed: unknown;
  try {
    parsed = YAML.parse(text);
  } catch (error) {
    throw new JobsFileError(`${fileName} is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const top = new FieldReader(fileName, '');
  const root = top.mapping(parsed ?? {}, '');
  top.onlyKeys(root, '', ['jobs']);
  const jobs = new Map<string, Job>();
  for (const [id, value] of Object.entries(top.mapping(root.jobs ?? {}, 'jobs'))) {
    const reader = new FieldReader(fileName, `job "${id}": `);
    if (!jobIdPattern.test(id)) reader.fail('', 'is not a job id (a lower-case word of letters, digits, _ or -, like miner)');
    const fields = reader.mapping(value, '');
    reader.onlyKeys(fields, '', ['name', 'description', 'daily-cap', 'levels', 'block-broken', 'entity-killed']);
    const levelFields = reader.mapping(fields.levels ?? {}, 'levels');
    reader.onlyKeys(levelFields, 'levels', ['max', 'first', 'growth', 'bonus-per-level']);
    const levels = new LevelCurve({
      max: reader.integer(levelFields, 'levels.max', { min: 1, max: 1000 }),
      first: reader.integer(levelFields, 'levels.first', { min: 1, max: 1_000_000_000 }),
      growth: reader.number(levelFields, 'levels.growth', { min: 1, max: 10 }),
      bonusPerLevel: reader.decimal(levelFields, 'levels.bonus-per-level', { min: 0, max: 10, decimals: 4 }),
    });
    if (!Number.isSafeInteger(levels.maxThreshold)) reader.fail('levels', 'needs too much experience for its last level; lower max or growth');
    const job: Job = {
      id,
      name: reader.text(fields, 'name', { maxLength: 32 }),
      description: reader.text(fields, 'description', { maxLength: 200 }),
      dailyCapCents: reader.money(fields, 'daily-cap'),
      levels,
      blockBroken: reader.payTable(fields, 'block-broken'),
      entityKilled: reader.payTable(fields, 'entity-killed'),
    };
    if (job.blockBroken.size + job.entityKilled.size === 0) reader.fail('', 'pays for nothing: list blocks under block-broken or entities under entity-killed');
    jobs.set(id, job);
  }
  return new JobCatalogue(jobs);
}

type Fields = Record<string, unknown>;

/** Reads fields with the file, the job and the field in every error. */
class FieldReader {
  constructor(
    private readonly fileName: string,
    /** `job "miner": `, or empty at the top level. */
    private readonly prefix: string,
  ) {}

  fail(field: string, problem: string): never {
    const where = field ? `${field} ` : '';
    throw new JobsFileError(`${this.fileName}: ${this.prefix}${where}${problem}`);
  }

  mapping(value: unknown, field: string): Fields {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail(field, 'must be a mapping of keys to values');
    return value as Fields;
  }

  onlyKeys(fields: Fields, field: string, known: string[]): void {
    for (const key of Object.keys(fields)) {
      if (!known.includes(key)) this.fail(field ? `${field}.${key}` : key, `is not a known key (known: ${known.join(', ')})`);
    }
  }

  number(fields: Fields, field: string, limits: { min: number; max: number }): number {
    const value = fields[lastKey(field)];
    if (value === undefined) this.fail(field, 'is missing');
    if (typeof value !== 'number' || !Number.isFinite(value) || value < limits.min || value > limits.max) this.fail(field, `must be a number from ${limits.min} to ${limits.max}`);
    return value;
  }

  integer(fields: Fields, field: string, limits: { min: number; max: number }): number {
    const value = fields[lastKey(field)];
    if (value === undefined) this.fail(field, 'is missing');
    if (typeof value !== 'number' || !Number.isInteger(value) || value < limits.min || value > limits.max)
      this.fail(field, `must be a whole number from ${limits.min} to ${limits.max}`);
    return value;
  }

  decimal(fields: Fields, field: string, limits: { min: number; max: number; decimals: number }): number {
    const value = this.number(fields, field, limits);
    const scaled = value * 10 ** limits.decimals;
    if (Math.abs(scaled - Math.round(scaled)) > 1e-6) this.fail(field, `must have at most ${limits.decimals} decimals`);
    return value;
  }

  /** An amount of money with at most two decimals, as cents. */
  money(fields: Fields, field: string): number {
    const value = fields[lastKey(field)];
    if (value === undefined) this.fail(field, 'is missing');
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1_000_000_000) this.fail(field, 'must be an amount from 0 to 1000000000');
    const cents = exactCents(value);
    if (cents === undefined) this.fail(field, 'must have at most two decimals');
    return cents;
  }

  text(fields: Fields, field: string, options: { maxLength: number }): string {
    const value = fields[field];
    if (value === undefined) this.fail(field, 'is missing');
    if (typeof value !== 'string' || value.trim() === '') this.fail(field, 'must be a text');
    if (value.length > options.maxLength) this.fail(field, `must be at most ${options.maxLength} characters`);
    // Shown in game and on the web: no control characters or section signs.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this check's purpose
    if (/[\u0000-\u001f\u007f§]/.test(value)) this.fail(field, 'must not hold control characters or §');
    return value;
  }

  /** `block-broken` or `entity-killed`: ids with the money and experience each pays. */
  payTable(fields: Fields, field: string): Map<string, PayEntry> {
    const table = new Map<string, PayEntry>();
    for (const [key, value] of Object.entries(this.mapping(fields[field] ?? {}, field))) {
      const where = `${field}.${key}`;
      const id = key.trim().replace(/^minecraft:/, '');
      if (!gameIdPattern.test(id)) this.fail(where, 'is not a Minecraft id (lower-case letters, digits and underscores, like deepslate_iron_ore)');
      if (table.has(id)) this.fail(where, `repeats ${id}`);
      const entry = this.mapping(value, where);
      this.onlyKeys(entry, where, ['money', 'experience']);
      const cents = entry.money === undefined ? 0 : this.money(entry, `${where}.money`);
      const experience = entry.experience === undefined ? 0 : this.integer(entry, `${where}.experience`, { min: 0, max: 1_000_000 });
      if (cents === 0 && experience === 0) this.fail(where, 'pays nothing: give it money, experience or both');
      table.set(id, { id, cents, experience });
    }
    return table;
  }
}

/** `block-broken.stone.money` is read from the mapping of `stone` by its last key. */
function lastKey(field: string): string {
  return field.slice(field.lastIndexOf('.') + 1);
}
