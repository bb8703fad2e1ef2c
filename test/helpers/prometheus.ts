/**
 * A strict parser of the Prometheus text exposition format (0.0.4), for
 * tests: it throws on anything a Prometheus server would refuse (a sample
 * before its TYPE, a bad name, an unescaped label value, a histogram whose
 * buckets are not cumulative or lack +Inf, _count unlike the +Inf bucket).
 */
export interface ParsedSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface ParsedFamily {
  name: string;
  help: string;
  type: string;
  samples: ParsedSample[];
}

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const labelName = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export function parsePrometheusText(text: string): Map<string, ParsedFamily> {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const families = new Map<string, ParsedFamily>();
  for (const [index, line] of text.slice(0, -1).split('\n').entries()) {
    const where = `line ${index + 1}`;
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment;
      if (!metricName.test(name!)) throw new Error(`${where}: bad metric name ${name}`);
      const family = families.get(name!) ?? { name: name!, help: '', type: 'untyped', samples: [] };
      if (kind === 'HELP') family.help = rest!;
      else {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest!)) throw new Error(`${where}: bad type ${rest}`);
        if (family.samples.length) throw new Error(`${where}: TYPE after samples of ${name}`);
        family.type = rest!;
      }
      families.set(name!, family);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = parseSample(line, where);
    const family = [...families.values()].find(
      (candidate) =>
        sample.name === candidate.name ||
        (['histogram', 'summary'].includes(candidate.type) && ['_bucket', '_sum', '_count'].some((suffix) => sample.name === candidate.name + suffix)),
    );
    if (!family) throw new Error(`${where}: sample ${sample.name} of no declared family`);
    family.samples.push(sample);
  }
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

function parseSample(line: string, where: string): ParsedSample {
  const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)( \d+)?$/.exec(line);
  if (!match) throw new Error(`${where}: not a sample: ${line}`);
  const labels: Record<string, string> = {};
  let rest = match[3] ?? '';
  while (rest.length > 0) {
    const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\\\|\\"|\\n)*)"(,|$)/.exec(rest);
    if (!label || !labelName.test(label[1]!)) throw new Error(`${where}: bad labels: ${match[3]}`);
    if (label[1]! in labels) throw new Error(`${where}: label ${label[1]} twice`);
    labels[label[1]!] = label[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    rest = rest.slice(label[0].length);
  }
  const raw = match[4]!;
  const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : raw === 'NaN' ? NaN : Number(raw);
  if (raw !== 'NaN' && Number.isNaN(value)) throw new Error(`${where}: bad value ${raw}`);
  return { name: match[1]!, labels, value };
}

function checkHistogram(family: ParsedFamily): void {
  const buckets = family.samples.filter((sample) => sample.name === `${family.name}_bucket`);
  const bounds = buckets.map((bucket) => (bucket.labels.le === '+Inf' ? Infinity : Number(bucket.labels.le)));
  if (bounds.at(-1) !== Infinity) throw new Error(`${family.name}: no +Inf bucket`);
  for (let index = 1; index < buckets.length; index += 1) {
    if (!(bounds[index]! > bounds[index - 1]!)) throw new Error(`${family.name}: bucket bounds not increasing`);
    if (buckets[index]!.value < buckets[index - 1]!.value) throw new Error(`${family.name}: buckets not cumulative`);
  }
  const count = family.samples.find((sample) => sample.name === `${family.name}_count`);
  if (!count || count.value !== buckets.at(-1)!.value) throw new Error(`${family.name}: _count differs from the +Inf bucket`);
  if (!family.samples.some((sample) => sample.name === `${family.name}_sum`)) throw new Error(`${family.name}: no _sum`);
}
