/**
 * Whether a key may act now, and if not, why: its own revocation or expiry;
 * a key it lives by (the key that made it, the key that last rotated it, and
 * so on up) revoked or expired; or an operator whose standing it acts with
 * (the one whose login made or rotated it, or a key above it) no operator
 * now. The same reading answers every request with the key and the key
 * lists, so what the list shows is what the key gets.
 */
import type { ApiKeyRecord } from './store.js';

export type KeyStatus = 'active' | 'suspended' | 'expired' | 'revoked';

export interface KeyStanding {
  status: KeyStatus;
  /** Why a key is not active although its own record says it is; null otherwise. */
  reason: string | null;
  /** Suspended only because the game cannot be asked whether the operator still is one. */
  unknown?: true;
}

/** An operator a key acts with the standing of: `name` to show, `player` to ask the game about (none: the web account is gone). */
export interface StandingOperator {
  name: string;
  player: string | undefined;
  did: 'made' | 'rotated';
}

export interface StandingSources {
  find(id: string): Promise<ApiKeyRecord | undefined>;
  operatorOf(record: ApiKeyRecord): Promise<StandingOperator | null>;
  /** Whether the player is an operator now; undefined while the game cannot be asked. */
  isOperator(player: string): Promise<boolean | undefined>;
}

/** The most keys read above one key: chains are short (each link a key made or rotated by the one before). */
const maxReads = 32;

/** The record's own state: revoked, expired, or active. */
export function ownStatus(record: ApiKeyRecord, now: Date): 'active' | 'expired' | 'revoked' {
  if (record.revokedAt !== null) return 'revoked';
  if (record.expiresAt !== null && Date.parse(record.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

export async function standingOf(record: ApiKeyRecord, sources: StandingSources, now: Date): Promise<KeyStanding> {
  const own = ownStatus(record, now);
  if (own !== 'active') return { status: own, reason: null };
  const chain = [record];
  const seen = new Set([record.id]);
  const pending = linksOf(record, true);
  // Every key above first: a dead one ends this key for good, whatever any operator's standing.
  for (let reads = 0; pending.length > 0 && reads < maxReads; reads += 1) {
    const { id, how } = pending.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const above = await sources.find(id);
    const status = above ? ownStatus(above, now) : 'revoked';
    if (status !== 'active') return { status: 'revoked', reason: `${how} (${above?.name ?? id}) is ${status}` };
    chain.push(above!);
    pending.push(...linksOf(above!, false));
  }
  for (const key of chain) {
    const operator = await sources.operatorOf(key);
    if (!operator) continue;
    const isOperator = operator.player === undefined ? false : await sources.isOperator(operator.player);
    const whose = key === record ? `${operator.name} ${operator.did} it` : `${operator.name} ${operator.did} a key above it`;
    if (isOperator === undefined) {
      return { status: 'suspended', reason: `${whose}, and whether they are an operator cannot be checked now: the game server is not available`, unknown: true };
    }
    if (!isOperator) return { status: 'suspended', reason: `${whose} and is not an operator now` };
  }
  return { status: 'active', reason: null };
}

/** The keys a key lives by, each with the words for the link. */
function linksOf(record: ApiKeyRecord, first: boolean): Array<{ id: string; how: string }> {
  const how = (verb: string) => (first ? `the key that ${verb} it` : 'a key above the one that made or rotated it');
  return [...(record.madeBy ? [{ id: record.madeBy, how: how('made') }] : []), ...(record.rotatedBy ? [{ id: record.rotatedBy, how: how('rotated') }] : [])];
}
