/**
 * The game port's moderation capability: the game's own ban lists and kicks
 * (port.ts names it among the capabilities and exports these types).
 */
/** A player as the port names one (port.ts's PlayerRef, said again here so this file imports nothing of the port). */
interface PlayerRef {
  name: string;
  uuid: string;
}

/** A ban as the game keeps it (vanilla's banned-players.json and banned-ips.json, Paper's ban lists). */
export interface GameBan {
  /** A ban of a player (the uuid may be empty where the game keeps none). */
  player?: PlayerRef;
  /** A ban of an address, as the game writes it (`203.0.113.9`). */
  address?: string;
  reason: string;
  /** Who made it, as the game records it: `Server` (its console), an operator's name, another plugin, Gatehouse. */
  source: string;
  /** When it was made (ISO 8601); null where the game does not tell (vanilla's management protocol). */
  created: string | null;
  /** When it ends (ISO 8601); null for a ban without an end. */
  expires: string | null;
}

/** Whom a ban is of: a player, or an address. */
export type BanTarget = { player: PlayerRef } | { address: string };

/** A banned player's words at join and when removed (messages.yml): `§` codes, `{reason}`, and in `temporary` `{time}` left (./ban-texts.ts). */
export interface BanTexts {
  temporary: string;
  permanent: string;
}

/**
 * Bans and kicks. The game's own lists are what it enforces at join, so a
 * ban holds while Gatehouse is away; they may hold bans made in its console
 * or by other plugins, which `bans` reads back.
 */
export interface Moderation {
  /** The game's bans, of players and addresses, by whoever made them; bans already ended are left out. */
  bans(): Promise<GameBan[]>;
  /** Puts the ban on the game's list (replacing one of the same target) and removes at once whoever it bans who is online. */
  ban(ban: GameBan): Promise<void>;
  /** Takes the ban of this target off the game's list; false when there was none. */
  lift(target: BanTarget): Promise<boolean>;
  /** Disconnects an online player, showing them `message`; PlayerNotOnlineError when they are not online. */
  kick(name: string, message: string): Promise<void>;
  /** Gatehouse's words for a banned player, where the game lets it word them (absent: the game's own words, vanilla's). */
  setBanTexts?(texts: BanTexts): void;
}
