/**
 * Money: integer cents inside, numbers with two decimals outside. Every
 * conversion goes through here, so no float ever adds up to a balance; every
 * group (economy, shop, jobs, settings) counts and shows money with these.
 */

/**
 * The largest balance, and the largest amount moved at once, in cents:
 * 100,000,000,000.00. Cents are whole numbers in doubles, exact only up to
 * 2^53 (about 9.007 × 10^15); with every balance and amount at most 10^13,
 * any balance plus any amount (and a price times a quantity checked against
 * it) stays far inside, so no cent is ever rounded away.
 */
export const maxCents = 10_000_000_000_000;

/** A number with at most two decimals (already validated) as cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** A number as cents when it has at most two decimals; undefined when it has more (a configuration file's amount, say). */
export function exactCents(amount: number): number | undefined {
  const cents = Math.round(amount * 100);
  return Math.abs(cents - amount * 100) > 1e-6 ? undefined : cents;
}

/** Cents as the API shows them: a number with two decimals at most. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** `$1,234.50`, `-$5.00`: the symbol before the amount, thousands separated, always two decimals. */
export function formatMoney(cents: number, symbol: string): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${symbol}${whole}.${String(absolute % 100).padStart(2, '0')}`;
}

/** `1234.50`: the amount alone, as a configuration file or a log line writes it (no symbol, no separators). */
export function plainMoney(cents: number): string {
  return (cents / 100).toFixed(2);
}
