/**
 * Vanilla's RCON replies, read: plain text, several feedback messages glued
 * without newlines. The texts are the command feedback of Mojang's vanilla
 * server, its English language file (en_us.json), whose strings for these
 * commands are identical from 1.21.1 to 26.1, as the server sends them over
 * RCON. A reply that is none of the known ones is an error carrying its text.
 */
import { PlayerNotOnlineError, UnknownItemError, UnknownWorldError } from '../errors.js';
import type { ItemStack, PlayerRef } from '../port.js';
import { parseSnbt, parseSnbtAt, type Snbt } from './snbt.js';

export class UnexpectedReplyError extends Error {
  override name = 'UnexpectedReplyError';
  constructor(command: string, reply: string) {
    super(`the server answered "${command.split(' ')[0]}" with: ${reply.slice(0, 200) || '(nothing)'}`);
  }
}

const noEntity = /^No entity was found|^No player was found/;

/** `list uuids`: `There are 2 of a max of 20 players online: Steve (069a...), Alex (...)`. */
export function parseListUuids(reply: string): { online: number; max: number; players: PlayerRef[] } {
  const match = /^There are (\d+) of a max of (\d+) players online: ?(.*)$/s.exec(reply);
  if (!match) throw new UnexpectedReplyError('list uuids', reply);
  const players = [...match[3]!.matchAll(/(\w{1,16}) \(([0-9a-f-]{36})\)/g)].map(([, name, uuid]) => ({ name: name!, uuid: uuid! }));
  return { online: Number(match[1]), max: Number(match[2]), players };
}

/** `data get entity <player> <path>`: `Steve has the following entity data: <nbt>`; an offline player is PlayerNotOnlineError. */
export function parseEntityData(reply: string, player: string): { name: string; data: Snbt } {
  if (noEntity.test(reply)) throw new PlayerNotOnlineError(player);
  const match = /^(\w{1,16}) has the following entity data: (.*)$/s.exec(reply);
  if (!match) throw new UnexpectedReplyError('data get entity', reply);
  return { name: match[1]!, data: parseSnbt(match[2]!) };
}

/**
 * The glued replies of `execute as @a run data get entity @s <path>`, one
 * per player, by name. Only for values that end in a bracket or a quote
 * (lists, compounds, strings): a bare number runs into the next player's
 * name, which may begin with digits. Names come from `list`; a reply of
 * anyone else (who joined since) is an UnexpectedReplyError.
 */
export function parseEntityDataOfEach(reply: string, names: readonly string[]): Map<string, Snbt> {
  const byLength = [...names].sort((a, b) => b.length - a.length);
  const results = new Map<string, Snbt>();
  let position = 0;
  while (position < reply.length) {
    const name = byLength.find((candidate) => reply.startsWith(`${candidate} has the following entity data: `, position));
    if (!name) throw new UnexpectedReplyError('execute as @a run data get entity', reply.slice(position, position + 200));
    let parsed: ReturnType<typeof parseSnbtAt>;
    try {
      parsed = parseSnbtAt(reply, position + name.length + ' has the following entity data: '.length);
    } catch (error) {
      throw new UnexpectedReplyError('execute as @a run data get entity', `${(error as Error).message}`);
    }
    results.set(name, parsed.value);
    position = parsed.end;
  }
  return results;
}

/** A UUID as NBT's four ints (`[I; a, b, c, d]`) in its usual text form. */
export function uuidOfInts(ints: Snbt): string {
  if (!Array.isArray(ints) || ints.length !== 4) throw new Error('a UUID is four ints');
  const hex = ints.map((value) => ((value as number) >>> 0).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Inventory slots as vanilla numbers them in 1.21 to 1.21.4: 100-103 armour (feet to head), -106 off hand. */
const legacySlots: Record<number, number> = { 100: 36, 101: 37, 102: 38, 103: 39, [-106]: 40 };
/** From 1.21.5 armour and off hand are in `equipment`. */
const equipmentSlots: Record<string, number> = { feet: 36, legs: 37, chest: 38, head: 39, offhand: 40 };

/** A player's items from `Inventory` (and `equipment`, 1.21.5+), in the port's slot numbers. */
export function itemsOf(inventory: Snbt, equipment?: Snbt): ItemStack[] {
  const items: ItemStack[] = [];
  for (const entry of Array.isArray(inventory) ? inventory : []) {
    if (typeof entry !== 'object' || Array.isArray(entry)) continue;
    const slot = Number(entry.Slot);
    const mapped = slot >= 0 && slot <= 35 ? slot : legacySlots[slot];
    if (mapped === undefined || typeof entry.id !== 'string') continue;
    items.push({ slot: mapped, item: entry.id.replace(/^minecraft:/, ''), count: Number(entry.count ?? entry.Count ?? 1) });
  }
  if (equipment && typeof equipment === 'object' && !Array.isArray(equipment)) {
    for (const [part, stack] of Object.entries(equipment)) {
      const slot = equipmentSlots[part];
      if (slot === undefined || typeof stack !== 'object' || Array.isArray(stack) || typeof stack.id !== 'string') continue;
      items.push({ slot, item: stack.id.replace(/^minecraft:/, ''), count: Number(stack.count ?? 1) });
    }
  }
  return items.sort((a, b) => a.slot - b.slot);
}

/** `give`: `Gave 64 [Diamond] to Steve`. */
export function parseGive(reply: string, player: string, item: string): number {
  if (noEntity.test(reply)) throw new PlayerNotOnlineError(player);
  if (/^Unknown item/.test(reply)) throw new UnknownItemError(item);
  const match = /^Gave (\d+) \[.*\] to \w+/s.exec(reply);
  if (!match) throw new UnexpectedReplyError('give', reply);
  return Number(match[1]);
}

/** `clear`: `Removed 5 item(s) from player Steve`, or none found. */
export function parseClear(reply: string, player: string, item: string): number {
  if (noEntity.test(reply)) throw new PlayerNotOnlineError(player);
  if (/^Unknown item/.test(reply)) throw new UnknownItemError(item);
  if (/^No items were found on player/.test(reply)) return 0;
  // `clear <player> <item> 0` only counts what the player holds.
  const counted = /^Found (\d+) matching item\(s\) on player/.exec(reply);
  if (counted) return Number(counted[1]);
  const match = /^Removed (\d+) item\(s\) from player/.exec(reply);
  if (!match) throw new UnexpectedReplyError('clear', reply);
  return Number(match[1]);
}

/** `tp`: `Teleported Steve to Alex` or `Teleported Steve to 100.500000, 64.000000, -19.500000`; `missing` is who is meant when no entity was found. */
export function checkTeleport(reply: string, missing: PlayerNotOnlineError): void {
  if (noEntity.test(reply)) throw missing;
  const dimension = /^Unknown dimension '(.+)'/.exec(reply);
  if (dimension) throw new UnknownWorldError(dimension[1]!);
  if (!/^Teleported \w+ to /.test(reply)) throw new UnexpectedReplyError('tp', reply);
}

/** `op`/`deop`: whether anything changed. */
export function parseOperatorChange(reply: string): boolean {
  if (/^Made \w+ (a|no longer a) server operator/.test(reply)) return true;
  if (/^Nothing changed\./.test(reply)) return false;
  throw new UnexpectedReplyError('op', reply);
}

/** `whitelist add`/`remove`: whether anything changed. */
export function parseWhitelistChange(reply: string): boolean {
  if (/^(Added \w+ to|Removed \w+ from) the whitelist/.test(reply)) return true;
  if (/^Player is (already|not) whitelisted/.test(reply)) return false;
  throw new UnexpectedReplyError('whitelist', reply);
}

/** `whitelist list`: the names. */
export function parseWhitelistList(reply: string): string[] {
  if (/^There are no whitelisted players/.test(reply)) return [];
  const match = /^There are \d+ whitelisted player\(s\): (.*)$/s.exec(reply);
  if (!match) throw new UnexpectedReplyError('whitelist list', reply);
  return match[1]!.split(', ').filter(Boolean);
}

/** `whitelist on`/`off`: whether it changed (already in that state is not an error). */
export function parseWhitelistSwitch(reply: string): boolean {
  if (/^Whitelist is now turned (on|off)/.test(reply)) return true;
  if (/^Whitelist is already turned (on|off)/.test(reply)) return false;
  throw new UnexpectedReplyError('whitelist on/off', reply);
}

/** Replies of commands that change a setting: success, or "did not change" (also fine). */
export function checkSettingReply(command: string, reply: string, success: RegExp): void {
  if (success.test(reply) || /did not change|Nothing changed|already/.test(reply)) return;
  throw new UnexpectedReplyError(command, reply);
}

/** `ban`, `ban-ip`, `pardon`, `pardon-ip`: whether anything changed (`Banned Steve: ...`, `Nothing changed. The player is already banned`). */
export function parseBanChange(reply: string, command: string): boolean {
  if (/^(Banned|Unbanned)( IP)? /.test(reply)) return true;
  if (/^Nothing changed\./.test(reply)) return false;
  throw new UnexpectedReplyError(command, reply);
}

/** `kick`: `Kicked Steve: <message>`; nobody of that name online is PlayerNotOnlineError. */
export function checkKick(reply: string, player: string): void {
  if (noEntity.test(reply)) throw new PlayerNotOnlineError(player);
  if (!/^Kicked \w+: /.test(reply)) throw new UnexpectedReplyError('kick', reply);
}
