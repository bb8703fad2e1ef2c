/**
 * Prints the test suite's coverage of src/ per folder (lines and branches),
 * from the json-summary that c8 writes when .ci/run runs the suite under it,
 * and exits 1 when the whole falls under the floor in test/coverage-floor.json
 * (set at the figure measured when it was last raised: raise it as tests grow).
 *
 *   node build/scripts/coverage-report.js [build/coverage/coverage-summary.json]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Counts {
  total: number;
  covered: number;
}
interface FileSummary {
  lines: Counts;
  branches: Counts;
}
interface Floor {
  lines: number;
  branches: number;
}

const root = process.cwd();
const summaryPath = process.argv[2] ?? path.join(root, 'build', 'coverage', 'coverage-summary.json');
const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as Record<string, FileSummary>;
const floor = JSON.parse(readFileSync(path.join(root, 'test', 'coverage-floor.json'), 'utf8')) as Floor;

/** src/features/shop/market.ts -> src/features/shop; src/http/app.ts -> src/http; src/main.ts -> src */
function folderOf(file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  const depth = parts[1] === 'features' || parts[1] === 'game' || parts[1] === 'store' ? 3 : 2;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/');
}

const folders = new Map<string, FileSummary>();
const whole: FileSummary = { lines: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
for (const [file, counts] of Object.entries(summary)) {
  if (file === 'total' || !path.relative(root, file).startsWith(`src${path.sep}`)) continue;
  const folder = folderOf(file);
  const sum = folders.get(folder) ?? { lines: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
  for (const into of [sum, whole]) {
    into.lines.total += counts.lines.total;
    into.lines.covered += counts.lines.covered;
    into.branches.total += counts.branches.total;
    into.branches.covered += counts.branches.covered;
  }
  folders.set(folder, sum);
}

const percent = (counts: Counts) => (counts.total === 0 ? 100 : (100 * counts.covered) / counts.total);
const row = (name: string, sum: FileSummary) => `${name.padEnd(32)} ${percent(sum.lines).toFixed(1).padStart(6)} % ${percent(sum.branches).toFixed(1).padStart(9)} %`;

console.log(`${'coverage of src/'.padEnd(32)} ${'lines'.padStart(8)} ${'branches'.padStart(11)}`);
for (const folder of [...folders.keys()].sort()) console.log(row(folder, folders.get(folder)!));
console.log(row('all of src/', whole));

const lines = percent(whole.lines);
const branches = percent(whole.branches);
console.log(`floor (test/coverage-floor.json): lines ${floor.lines} %, branches ${floor.branches} %`);
if (lines < floor.lines || branches < floor.branches) {
  console.log(`coverage fell under the floor: lines ${lines.toFixed(1)} %, branches ${branches.toFixed(1)} %`);
  process.exit(1);
}
