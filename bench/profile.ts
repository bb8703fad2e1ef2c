/**
 * `npm run bench -- --profile <directory> me transfers ...`: besides its
 * measured rounds, each HTTP benchmark runs one more round of each side it
 * measures of Gatehouse under V8's sampling profiler (the inspector's, in
 * this process, started and stopped around that round alone, so the
 * measured rounds are not slowed), writes it to
 * `<directory>/<label>.cpuprofile` (Chrome's DevTools and speedscope open
 * it: the flame graph) and prints what it shows: the functions with the
 * most self time, and with the most time inclusive of what they call (the
 * flame graph's widths), by function and by file.
 */
import { Session } from 'node:inspector/promises';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  startTime: number;
  endTime: number;
}

let directory: string | undefined;

/** Profiles go to `to` from now on (the run's `--profile` argument). */
export function profileInto(to: string): void {
  directory = path.resolve(to);
}

export function profiling(): boolean {
  return directory !== undefined;
}

/** Runs `work` under the profiler when the run profiles, and prints the summary; otherwise does nothing. */
/** `work` may answer its round's rate (requests a second), for the CPU a request; `figureIsRate` false for another figure. */
export async function profiledRound(label: string, work: () => Promise<unknown>, figureIsRate = true): Promise<void> {
  if (!directory) return;
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 250 });
    await session.post('Profiler.start');
    const figure = await work();
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    await mkdir(directory, { recursive: true });
    const file = path.join(directory, `${label}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.log(`\n   profile of ${label}: ${path.relative(process.cwd(), file)}${typeof figure === 'number' ? `; the round measured ${figure.toFixed(1)}` : ''}`);
    console.log(summarise(profile, typeof figure === 'number' && figureIsRate ? figure : undefined));
  } finally {
    session.disconnect();
  }
}

const place = (frame: ProfileNode['callFrame']) => {
  const file = frame.url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
  return file ? `${file.replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}` : '';
};
const functionKey = (frame: ProfileNode['callFrame']) => `${frame.functionName || '(anonymous)'} ${place(frame)}`.trim();
const fileKey = (frame: ProfileNode['callFrame']) => {
  const file = frame.url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
  if (!file) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return packaged ? `${packaged[1]} (package)` : file;
};

/**
 * Top functions by self time and by inclusive time, and files by self time,
 * in per cent of the samples; with the round's rate (a second), also the
 * microseconds of busy CPU (every sample but idle) a request.
 */
export function summarise(profile: CpuProfile, rate?: number, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = profile.samples ?? [];
  const total = samples.length || 1;
  const self = new Map<string, number>();
  const files = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const sample of samples) {
    const node = byId.get(sample)!;
    self.set(functionKey(node.callFrame), (self.get(functionKey(node.callFrame)) ?? 0) + 1);
    files.set(fileKey(node.callFrame), (files.get(fileKey(node.callFrame)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const key = functionKey(byId.get(id)!.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
    }
  }
  const table = (title: string, counts: Map<string, number>, skip: (key: string) => boolean = () => false) =>
    [
      `     ${title}`,
      ...[...counts]
        .filter(([key]) => !skip(key))
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([key, count]) => `       ${((count / total) * 100).toFixed(1).padStart(5)} %  ${key}`),
    ].join('\n');
  const seconds = (profile.endTime - profile.startTime) / 1e6;
  const busy = 1 - (self.get('(idle)') ?? 0) / total;
  const perRequest = rate ? `; ${((busy * 1e6) / rate).toFixed(1)} µs of busy CPU a request` : '';
  return [
    `     ${total} samples in ${seconds.toFixed(1)} s, ${(busy * 100).toFixed(1)} % busy${perRequest}`,
    table('self time, by function', self),
    table('self time, by file or package', files),
    // The roots and the event loop's own frames include everything: left out.
    table(
      'inclusive time (with what it calls), by function',
      inclusive,
      (key) => /^\((root|program|idle)\)/.test(key) || key.startsWith('processTicksAndRejections') || key.startsWith('listOnTimeout'),
    ),
  ].join('\n');
}
