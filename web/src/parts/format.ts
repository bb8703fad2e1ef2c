/**
 * Figures as the portal writes them, on every page: money as the server
 * writes it, moments in the reader's own time zone, counts with their noun,
 * bytes, durations. Figures use the server's separators (1,234.50), so a
 * price reads the same on the page as in the game.
 */

/** Money: the currency's symbol, thousands separators, two decimals ($1,234.50, -$5.00). parts/money.ts knows the server's symbol. */
export function formatMoney(amount: number, symbol: string): string {
  const digits = Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount < 0 ? '-' : ''}${symbol}${digits}`;
}

/** A moment (an ISO 8601 text), in the reader's own time zone and language. */
export function formatTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString();
}

/** A figure with `digits` decimals; a dash for one the server does not know. */
export function formatNumber(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined ? '–' : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** A count and its noun, the noun plural unless the count is one (1 stack, 3 stacks). */
export function plural(count: number, noun: string): string {
  return `${formatNumber(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** Bytes in the unit that keeps the figure short (812 KiB, 1.4 GiB). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('en-US', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

/**
 * A duration as a clock counts it, from its largest unit down to `smallest`
 * ("1 h 02 min 05 s", "4 min 30 s"; "3 h 05 min" for a time played).
 */
export function formatDuration(totalSeconds: number, smallest: 'second' | 'minute' = 'second'): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const units: Array<[count: number, unit: string]> = [
    [Math.floor(seconds / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'min'],
  ];
  if (smallest === 'second') units.push([seconds % 60, 's']);
  const largest = units.findIndex(([count]) => count > 0);
  return units
    .slice(largest === -1 ? units.length - 1 : largest)
    .map(([count, unit], index) => `${index === 0 ? count : String(count).padStart(2, '0')} ${unit}`)
    .join(' ');
}

/** A wait as a person says it: seconds under two minutes, then minutes, then hours, each rounded up so nobody tries too early ("10 minutes"). */
export function waitInWords(seconds: number): string {
  if (seconds < 120) return plural(Math.ceil(seconds), 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return plural(minutes, 'minute');
  return plural(Math.ceil(minutes / 60), 'hour');
}

const trendNames: Record<string, string> = {
  RISING: '▲ Rising',
  FALLING: '▼ Falling',
  STABLE: '● Stable',
  VOLATILE: '◆ Volatile',
};

/** A market price's trend over the last hour, with its sign. */
export function formatTrend(trend: string): string {
  return trendNames[trend] ?? trend;
}
