/**
 * The goals a run measured, each judged where it is measured and listed
 * again together at the end of the run, so one run's figures answer "which
 * goals are met" in one place.
 */
export interface JudgedGoal {
  name: string;
  measured: number;
  comparison: 'at least' | 'under';
  target: number;
  unit: string;
  met: boolean;
}

const judged: JudgedGoal[] = [];

/** Records a goal's figure and answers the verdict to print beside it: `(goal at least 0.9: met)`. */
export function judge(name: string, measured: number, comparison: 'at least' | 'under', target: number, unit = ''): string {
  const met = comparison === 'at least' ? measured >= target : measured < target;
  judged.push({ name, measured, comparison, target, unit, met });
  return `(goal ${comparison} ${target}${unit}: ${met ? 'met' : 'NOT met'})`;
}

/** Every goal judged so far, one a line. */
export function printGoals(): void {
  if (judged.length === 0) return;
  console.log('\nGoals of this run');
  for (const goal of judged) {
    console.log(`   ${goal.met ? 'met    ' : 'NOT met'}  ${goal.name}: ${goal.measured.toFixed(2)}${goal.unit} (goal ${goal.comparison} ${goal.target}${goal.unit})`);
  }
}
