import { createHash } from 'node:crypto';

/**
 * The UUID an offline-mode server gives a player name: a version-3 UUID of
 * "OfflinePlayer:<name>", as vanilla and minecraft-protocol compute it.
 */
export function offlinePlayerUuid(name: string): string {
  const bytes = createHash('md5').update(`OfflinePlayer:${name}`, 'utf8').digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x30;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
