/**
 * The goals a run measured, each judged where it is measured and listed
 * again together at the end of the run ("Goals of this run"), so one run's
 * figures answer "which goals are met" in one place. Beside each: the load
 * average when its measurement began and when it ended, and the machine's
 * speed in this run (./machine.ts): on a shared machine a figure means
 * little without them.
 *
 * Every run is kept in build/bench-runs/ (the goals as JSON), and the list
 * ends by comparing each goal with the previous run that measured it: two
 * runs at different times should agree within 10 %.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describeMachine, machine } from './machine.js';
import type { Ratio } from './rounds.js';

export interface JudgedGoal {
  name: string;
  measured: number;
  comparison: 'at least' | 'under' | 'at most';
  target: number;
  unit: string;
  met: boolean;
  /** For a ratio of paired rounds: each round's ratio and their spread. */
  rounds?: number[];
  spreadPercent?: number;
  load: { start: number; end: number };
}

/** A goal the run meant to measure and could not (a program missing), and why. */
export interface UnmeasuredGoal {
  name: string;
  reason: string;
}

const judged: JudgedGoal[] = [];
const unmeasured: UnmeasuredGoal[] = [];

/** The 1-minute load average now. */
export function loadNow(): number {
  return os.loadavg()[0]!;
}

const describeLoad = (load: { start: number; end: number }) => `load ${load.start.toFixed(2)} → ${load.end.toFixed(2)}`;

/**
 * Records a goal's figure (a number, or a ratio of paired rounds) measured
 * since `loadAtStart` was read, and answers the verdict to print beside it:
 * `(goal at least 0.9: met; load 0.80 → 1.10)`. `options` may be the unit
 * alone (`' ms'`), as a benchmark written before the load was recorded
 * passes it: the load is then the one at the verdict.
 */
export function judge(
  name: string,
  figure: number | Ratio,
  comparison: JudgedGoal['comparison'],
  target: number,
  options: { unit?: string; loadAtStart?: number } | string = {},
): string {
  const { unit = '', loadAtStart = loadNow() } = typeof options === 'string' ? { unit: options } : options;
  const measured = typeof figure === 'number' ? figure : figure.median;
  const met = comparison === 'at least' ? measured >= target : comparison === 'at most' ? measured <= target : measured < target;
  const load = { start: loadAtStart, end: loadNow() };
  judged.push({
    name,
    measured,
    comparison,
    target,
    unit,
    met,
    load,
    ...(typeof figure === 'number' ? {} : { rounds: figure.rounds, spreadPercent: figure.spreadPercent }),
  });
  return `(goal ${comparison} ${target}${unit}: ${met ? 'met' : 'NOT met'}; ${describeLoad(load)})`;
}

/** A goal this run cannot measure, listed with the others as such. */
export function notMeasured(name: string, reason: string): void {
  unmeasured.push({ name, reason });
}

/** The goals a section's own process judged, sent to the run's process (./run.ts), which lists them with the others. */
export interface SectionGoals {
  judged: JudgedGoal[];
  unmeasured: UnmeasuredGoal[];
}

export function goalsOfThisProcess(): SectionGoals {
  return { judged, unmeasured };
}

export function addSectionGoals(goals: SectionGoals): void {
  judged.push(...goals.judged);
  unmeasured.push(...goals.unmeasured);
}

const runsDirectory = path.resolve('build/bench-runs');

/** Every goal judged, one a line with its load, the machine's speed, and the comparison with the previous run. */
export async function printGoals(): Promise<void> {
  if (judged.length === 0 && unmeasured.length === 0) return;
  console.log('\nGoals of this run');
  console.log(`   ${describeMachine()}`);
  for (const goal of judged) {
    const spread = goal.spreadPercent !== undefined ? `, rounds ${goal.rounds!.map((value) => value.toFixed(2)).join(' ')}, spread ${goal.spreadPercent.toFixed(1)} %` : '';
    console.log(
      `   ${goal.met ? 'met    ' : 'NOT met'}  ${goal.name}: ${goal.measured.toFixed(2)}${goal.unit} (goal ${goal.comparison} ${goal.target}${goal.unit}${spread}; ${describeLoad(goal.load)})`,
    );
  }
  for (const goal of unmeasured) console.log(`   NOT measured  ${goal.name}: ${goal.reason}`);
  await compareWithPreviousRun();
}

/** Keeps this run's goals, and says how each differs from the last run before it that measured the same goal. */
async function compareWithPreviousRun(): Promise<void> {
  await mkdir(runsDirectory, { recursive: true });
  const earlier = (await readdir(runsDirectory)).filter((name) => name.endsWith('.json')).sort();
  const previous = new Map<string, { figure: number; at: string }>();
  for (const file of earlier) {
    const run = JSON.parse(await readFile(path.join(runsDirectory, file), 'utf8')) as { at: string; goals: JudgedGoal[] };
    for (const goal of run.goals) previous.set(goal.name, { figure: goal.measured, at: run.at });
  }
  const at = new Date().toISOString();
  await writeFile(path.join(runsDirectory, `${at.replace(/[:.]/g, '-')}.json`), `${JSON.stringify({ at, machine: machine(), goals: judged }, null, 1)}\n`);
  const compared = judged.filter((goal) => previous.has(goal.name));
  if (compared.length === 0) return;
  console.log(`\nAgainst the previous runs (build/bench-runs/): two runs should agree within 10 %`);
  for (const goal of compared) {
    const before = previous.get(goal.name)!;
    // Equal figures agree, zeros included (a count of faults: 0 and 0).
    const difference = goal.measured === before.figure ? 0 : ((goal.measured - before.figure) / before.figure) * 100;
    console.log(
      `   ${Math.abs(difference) <= 10 ? 'within 10 %' : 'APART     '}  ${goal.name}: ${goal.measured.toFixed(2)} now, ${before.figure.toFixed(2)} at ${before.at} (${difference >= 0 ? '+' : ''}${difference.toFixed(1)} %)`,
    );
  }
}
