/** Money as the server writes it: the currency's symbol, thousands separators, two decimals ($1,234.50, -$5.00). */
export function formatMoney(amount: number, symbol: string): string {
  const digits = Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount < 0 ? '-' : ''}${symbol}${digits}`;
}

/** A moment, in the reader's own time zone and language. */
export function formatTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString();
}
