/**
 * The sentence a configuration error stops start-up with: the key, what it
 * must be, the value it has, and where that value came from (its line in
 * the config file, or the environment variable that set it); for an unknown
 * key, the nearest known one, since most are typos.
 */
import type { ErrorObject } from 'ajv';
import { isMap, isScalar, type Document, type LineCounter, type Node } from 'yaml';

export interface ConfigValueSources {
  /** The whole configuration that failed: defaults, the file and the environment merged. */
  merged: unknown;
  /** The config file as parsed, to find a key's line; absent when there was no file. */
  document?: Document;
  lineCounter?: LineCounter;
  /** Dotted key (`storage.type`) → the environment variable that set it. */
  fromEnvironment: ReadonlyMap<string, string>;
  /** The schema the configuration failed, to find the keys known beside an unknown one. */
  schema: object;
}

export function describeConfigError(error: ErrorObject, sources: ConfigValueSources): string {
  const keys = error.instancePath.split('/').slice(1).map(unescapePointer);
  const key = keys.join('.') || '(top level)';
  if (error.keyword === 'additionalProperties') {
    const unknown = (error.params as { additionalProperty: string }).additionalProperty;
    const dotted = [...keys, unknown].join('.');
    const nearest = nearestKey(unknown, knownKeys(sources.schema, keys));
    const suggestion = nearest === undefined ? '' : `; did you mean "${[...keys, nearest].join('.')}"?`;
    return `unknown key "${dotted}"${where(sources, [...keys, unknown], 'key')}${suggestion}`;
  }
  const value = `, got ${quote(valueAt(sources.merged, keys))}${where(sources, keys, 'value')}`;
  switch (error.keyword) {
    case 'type':
      return `"${key}" must be ${articleFor((error.params as { type: string }).type)}${value}`;
    case 'enum':
      return `"${key}" must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}${value}`;
    case 'format':
      return `"${key}" ${formatWords[(error.params as { format: string }).format] ?? error.message ?? 'is invalid'}${value}`;
    default:
      return `"${key}" ${error.message ?? 'is invalid'}${value}`;
  }
}

/** What a value of a format must be, said for people where ajv's words ("must match format") would not say it. */
const formatWords: Record<string, string> = {
  'portal-url': 'must be empty or an http or https address without a query, like https://play.example.net/',
  'backup-schedule': 'must be off, a time of day like 04:00, or an interval like "every 6h" or "every 30m" (5 minutes to 31 days)',
};

function articleFor(type: string): string {
  return type === 'integer' || type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`;
}

/** ` (from GATEHOUSE_PORT)`, ` (line 12)`, or nothing when the value is a default. */
function where(sources: ConfigValueSources, keys: string[], part: 'key' | 'value'): string {
  const variable = sources.fromEnvironment.get(keys.join('.'));
  if (variable) return ` (from ${variable})`;
  const node = part === 'key' ? keyNode(sources.document, keys) : valueNode(sources.document, keys);
  if (!node?.range || !sources.lineCounter) return '';
  return ` (line ${sources.lineCounter.linePos(node.range[0]).line})`;
}

function valueNode(document: Document | undefined, keys: string[]): Node | undefined {
  if (!document) return undefined;
  const node = keys.length === 0 ? document.contents : document.getIn(keys, true);
  return node && typeof node === 'object' && 'range' in node ? (node as Node) : undefined;
}

function keyNode(document: Document | undefined, keys: string[]): Node | undefined {
  const parent = valueNode(document, keys.slice(0, -1));
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === keys[keys.length - 1]);
  return isScalar(pair?.key) ? pair.key : undefined;
}

function valueAt(root: unknown, keys: string[]): unknown {
  let value = root;
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

/** The value as written in JSON, cut short when long. */
function quote(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The keys the schema knows in the group at `keys`. */
function knownKeys(schema: object, keys: string[]): string[] {
  let node: unknown = schema;
  for (const key of keys) node = (node as { properties?: Record<string, unknown> } | undefined)?.properties?.[key];
  return Object.keys((node as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
}

/** The known key closest to a mistyped one, if one is close enough to be what was meant. */
function nearestKey(typed: string, known: string[]): string | undefined {
  let best: { key: string; distance: number } | undefined;
  for (const key of known) {
    const distance = editDistance(typed.toLowerCase(), key);
    if (!best || distance < best.distance) best = { key, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(typed.length / 3)) ? best.key : undefined;
}

/** Insertions, deletions, substitutions and swaps of two neighbours (`prot` → `port` is one edit). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = distance;
    }
  }
  return rows[a.length]![b.length]!;
}
