/** An address with the IPv4-mapped IPv6 prefix removed (`::ffff:10.0.0.5` → `10.0.0.5`). */
export function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
