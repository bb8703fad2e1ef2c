/**
 * The Prometheus text exposition format (version 0.0.4): families with their
 * HELP and TYPE lines, samples with labels, label values escaped.
 */
export interface Sample {
  labels?: Record<string, string>;
  value: number;
  /** A suffix of the family's name (`_bucket`, `_sum`, `_count`). */
  suffix?: string;
}

export interface Family {
  name: string;
  help: string;
  type: 'gauge' | 'counter' | 'histogram';
  samples: Sample[];
}

export function formatFamilies(families: Family[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${family.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`);
    lines.push(`# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      const labels = Object.entries(sample.labels ?? {});
      const labelText = labels.length ? `{${labels.map(([name, value]) => `${name}="${escapeLabel(value)}"`).join(',')}}` : '';
      lines.push(`${family.name}${sample.suffix ?? ''}${labelText} ${formatValue(sample.value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}
