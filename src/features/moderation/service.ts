import { EventEmitter } from 'node:events';
import { isIP } from 'node:net';
import { conflict, forbidden, invalidField, notFound } from '../../errors.js';
import type { GamePort, PlayerRef } from '../../game/port.js';
import { normalizeAddress } from '../../lib/addresses.js';
import type { Network } from '../../network/port.js';
import type { Store, TransactionalStores, UserRecord } from '../../store/port.js';
import type { GameTexts } from '../../texts/catalogue.js';
import { BanReconciler } from './reconciler.js';
import { type AppealStatus, banInForceAt, type ModerationFilter, type ModerationRecord, moderationPart } from './store.js';

/** The network's notice that a ban was made or lifted: every server brings its game to the record. */
const bansTopic = 'moderation.bans';

export type BanTargetInput = { player: PlayerRef } | { address: string };

/** What happened, for the live event stream and the chat: each carries the record as it is after it. */
export interface ModerationEvents {
  banned: [ModerationRecord];
  lifted: [ModerationRecord];
  kicked: [ModerationRecord];
  warned: [ModerationRecord];
  appealed: [ModerationRecord];
  appealAnswered: [ModerationRecord];
}

/**
 * Bans, kicks, warnings and appeals. A ban is recorded for the network first
 * (with the notice to the other servers in the same unit of work), then put
 * on this server's game; the reconciler makes every server's game agree with
 * the record, so a ban holds everywhere, and on a server that was down once
 * it is back. A kick asks the game of the server the player is on.
 */
export class ModerationService {
  readonly events = new EventEmitter<ModerationEvents>();
  private readonly reconciler: BanReconciler;

  constructor(
    private readonly store: Store,
    /** The game with a kick carried to the player's server. */
    private readonly game: GamePort,
    /** This server's own game, whose ban list this server keeps. */
    ownGame: GamePort,
    private readonly network: Network,
    private readonly texts: GameTexts,
    /** The service's clock (a test's, in tests): what `in force` is judged at. */
    readonly now: () => Date,
    logError: (message: string) => void,
  ) {
    this.reconciler = new BanReconciler(() => store.part(moderationPart), ownGame, now, logError);
  }

  /** Brings the game's bans to the record now and whenever something may have changed them. */
  start(): Promise<void> {
    this.network.subscribe(bansTopic, () => void this.reconciler.reconcile());
    this.network.afterReconnect(() => void this.reconciler.reconcile());
    return this.reconciler.reconcile();
  }

  /** The game connected (again): its list may have missed changes. */
  gameConnected(): void {
    void this.reconciler.reconcile();
  }

  stop(): void {
    this.reconciler.stop();
  }

  /** The address a ban is of, checked and in its one written form. */
  static address(text: string): string {
    if (isIP(text) === 0) throw invalidField('address', 'address must be an IPv4 or IPv6 address such as 203.0.113.9');
    return normalizeAddress(text);
  }

  /**
   * Bans a player or an address, replacing a ban of the same target still in
   * force (lifted, saying so). Refuses an end already past. The game is asked
   * after the record: a game away is brought to it when it is back.
   */
  async ban(target: BanTargetInput, reason: string, expiresAt: string | null, by: string): Promise<ModerationRecord> {
    const now = this.now();
    if (expiresAt !== null && Date.parse(expiresAt) <= now.getTime())
      throw invalidField('expiresAt', 'expiresAt is already past: give a moment to come, or none for a ban without an end');
    const filter: ModerationFilter = 'player' in target ? { player: target.player } : { address: target.address };
    const record = await this.store.transaction(async (tx) => {
      const records = tx.part(moderationPart);
      const { records: earlier } = await records.list({ kind: 'ban', inForceAt: now, ...filter }, 100, 0);
      const added = await records.add({
        kind: 'ban',
        player: 'player' in target ? target.player : null,
        address: 'address' in target ? target.address : null,
        reason,
        by,
        at: now.toISOString(),
        expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
      });
      for (const replaced of earlier) await records.lift(replaced.id, { at: now.toISOString(), by, reason: `Replaced by ban ${added.id}` });
      await this.network.publishIn(tx, bansTopic, { ban: added.id });
      return added;
    });
    await this.reconciler.reconcile();
    this.events.emit('banned', record);
    return record;
  }

  /** Lifts a ban in force; 404 for no ban of this id, 409 for one no longer in force. */
  async lift(id: number, reason: string, by: string): Promise<ModerationRecord> {
    const record = await this.store.transaction(async (tx) => {
      const ban = await this.banInForce(tx, id);
      const lifted = await tx.part(moderationPart).lift(ban.id, { at: this.now().toISOString(), by, reason });
      if (!lifted) throw conflict(`Ban ${id} was lifted meanwhile`, 'ban_not_in_force');
      await this.network.publishIn(tx, bansTopic, { lifted: id });
      return lifted;
    });
    await this.reconciler.reconcile();
    this.events.emit('lifted', record);
    return record;
  }

  /** Kicks an online player (on whichever server they are), then records it; the game's typed error when they are not online. */
  async kick(player: PlayerRef, reason: string, by: string): Promise<ModerationRecord> {
    await this.game.require('moderation').kick(player.name, this.texts.render('moderation.kicked', { reason }));
    const record = await this.store.part(moderationPart).add({ kind: 'kick', player, address: null, reason, by, at: this.now().toISOString(), expiresAt: null });
    this.events.emit('kicked', record);
    return record;
  }

  /** Records a warning, and tells the player in game when they are online. */
  async warn(player: PlayerRef, reason: string, by: string): Promise<ModerationRecord> {
    const record = await this.store.part(moderationPart).add({ kind: 'warning', player, address: null, reason, by, at: this.now().toISOString(), expiresAt: null });
    await this.game
      .capability('messaging')
      ?.sendMessage(player.name, this.texts.render('moderation.warned', { reason }))
      .catch(() => undefined);
    this.events.emit('warned', record);
    return record;
  }

  list(filter: ModerationFilter, page: number, limit: number): Promise<{ records: ModerationRecord[]; total: number }> {
    return this.store.part(moderationPart).list(filter, limit, (page - 1) * limit);
  }

  /**
   * Refuses what a banned player may not do while a ban of theirs is in
   * force: move money, buy or sell (they may still log in, read their record
   * and appeal).
   */
  async refuseWhileBanned(player: PlayerRef): Promise<void> {
    const ban = await this.store.part(moderationPart).banInForce(player, this.now());
    if (!ban) return;
    const until = ban.expiresAt ? ` until ${ban.expiresAt}` : '';
    throw forbidden(`You are banned${until} (${ban.reason}): while a ban is in force you cannot move money, buy or sell. Your record and its appeal are at /record`, 'banned');
  }

  /** Whether a record is a ban in force now. */
  inForceNow(record: ModerationRecord): boolean {
    return banInForceAt(record, this.now());
  }

  /** The record of this id (of any kind), or a 404. */
  async get(id: number): Promise<ModerationRecord> {
    const record = await this.store.part(moderationPart).get(id);
    if (!record) throw notFound(`No moderation record ${id}`, 'record_not_found');
    return record;
  }

  /** The player's appeal of their own ban in force, once per ban. */
  async appeal(user: UserRecord, id: number, text: string): Promise<ModerationRecord> {
    const record = await this.store.transaction(async (tx) => {
      const ban = await this.banInForce(tx, id, { name: user.gameUsername, uuid: user.gameUuid });
      const appealed = await tx.part(moderationPart).appeal(ban.id, {
        text,
        by: user.username,
        at: this.now().toISOString(),
        status: 'pending',
        answer: null,
        answeredBy: null,
        answeredAt: null,
      });
      if (!appealed) throw conflict(`Ban ${id} was appealed already: one appeal a ban`, 'already_appealed');
      return appealed;
    });
    this.events.emit('appealed', record);
    return record;
  }

  /** Answers a pending appeal; accepting it lifts the ban in the same unit of work. */
  async answer(id: number, accept: boolean, answer: string, by: string): Promise<ModerationRecord> {
    const status: AppealStatus = accept ? 'accepted' : 'rejected';
    const record = await this.store.transaction(async (tx) => {
      const records = tx.part(moderationPart);
      const ban = await records.get(id);
      if (ban?.kind !== 'ban') throw notFound(`No ban ${id}`, 'ban_not_found');
      const at = this.now().toISOString();
      const answered = await records.answer(id, { status, answer, answeredBy: by, answeredAt: at });
      if (!answered) throw conflict(ban.appeal ? `The appeal of ban ${id} was answered already` : `Ban ${id} has no appeal`, ban.appeal ? 'appeal_answered' : 'no_appeal');
      if (!accept || answered.lifted) return answered;
      await this.network.publishIn(tx, bansTopic, { lifted: id });
      return (await records.lift(id, { at, by, reason: 'Appeal accepted' })) ?? answered;
    });
    if (accept) await this.reconciler.reconcile();
    this.events.emit('appealAnswered', record);
    if (accept && record.lifted) this.events.emit('lifted', record);
    return record;
  }

  /** The ban `id` in force (and, with `owner`, that player's), else 404 or 409. */
  private async banInForce(tx: TransactionalStores, id: number, owner?: PlayerRef): Promise<ModerationRecord> {
    const ban = await tx.part(moderationPart).get(id);
    const owned = ban?.kind === 'ban' && (!owner || (ban.player !== null && sameOwner(ban.player, owner)));
    if (!ban || !owned) throw notFound(owner ? `You have no ban ${id}` : `No ban ${id}`, 'ban_not_found');
    if (!banInForceAt(ban, this.now())) throw conflict(`Ban ${id} is no longer in force (${ban.lifted ? 'lifted' : 'ended'})`, 'ban_not_in_force');
    return ban;
  }
}

function sameOwner(recorded: PlayerRef, owner: PlayerRef): boolean {
  return recorded.uuid && owner.uuid ? recorded.uuid === owner.uuid : recorded.name.toLowerCase() === owner.name.toLowerCase();
}
