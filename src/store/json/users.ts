import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Low } from 'lowdb';
import { newDocument, openDocument } from '../../lib/json-document.js';
import { UniqueConflictError, type NewUser, type UserQuery, type UserRecord, type UserStore } from '../port.js';

/** Users per shard file: a write rewrites one shard (about 300 KB), never all users. */
export const usersPerShard = 1000;

interface Shard {
  users: UserRecord[];
}

const shardPattern = /^users-(\d{6})\.json$/;

/**
 * Users in lowdb documents under `users/`, 1,000 to a file by id
 * (`users-000000.json` holds ids 1 to 1000). Each document is written whole
 * and atomically, so registering or logging in costs the same at 100,000
 * users as at 10. Lookups use in-memory indexes; the list is kept in id order
 * with lower-case names beside it for searching.
 */
export class JsonUserStore implements UserStore {
  private readonly byUsernameKey = new Map<string, UserRecord>();
  private readonly byId = new Map<number, UserRecord>();
  private readonly byGameUuid = new Map<string, UserRecord>();
  /** Every user in id order, and their lower-case names at the same positions. */
  private readonly ordered: UserRecord[] = [];
  private readonly lowerNames: string[] = [];
  private nextId = 1;

  private constructor(
    private readonly directory: string,
    private readonly shards: Map<number, Low<Shard>>,
  ) {
    const all = [...shards.values()].flatMap((shard) => shard.data.users).sort((a, b) => a.id - b.id);
    for (const user of all) this.index(user);
  }

  static async open(directory: string): Promise<JsonUserStore> {
    await mkdir(directory, { recursive: true });
    const shards = new Map<number, Low<Shard>>();
    for (const name of (await readdir(directory)).sort()) {
      const match = shardPattern.exec(name);
      if (match) shards.set(Number(match[1]), await openDocument<Shard>(path.join(directory, name), { users: [] }));
    }
    return new JsonUserStore(directory, shards);
  }

  async findByUsername(username: string): Promise<UserRecord | undefined> {
    return this.byUsernameKey.get(username.toLowerCase());
  }

  async findById(id: number): Promise<UserRecord | undefined> {
    return this.byId.get(id);
  }

  async findByGameUuid(uuid: string): Promise<UserRecord | undefined> {
    return this.byGameUuid.get(uuid);
  }

  async create(newUser: NewUser): Promise<UserRecord> {
    // Check and insert without an await in between, so two concurrent creates cannot both pass.
    if (this.byUsernameKey.has(newUser.username.toLowerCase())) throw new UniqueConflictError('username');
    if (this.byGameUuid.has(newUser.gameUuid)) throw new UniqueConflictError('gameUuid');
    const user: UserRecord = { ...newUser, id: this.nextId, lastLogin: null };
    this.index(user);
    const shard = this.shardFor(user.id);
    shard.data.users.push(user);
    await shard.write();
    return { ...user };
  }

  async recordLogin(id: number, at: string): Promise<void> {
    const user = this.byId.get(id);
    if (!user) return;
    user.lastLogin = at;
    await this.shardFor(id).write();
  }

  async list(query: UserQuery): Promise<{ users: UserRecord[]; total: number }> {
    const start = (query.page - 1) * query.limit;
    const needle = query.search?.toLowerCase();
    if (!needle) {
      return { users: this.ordered.slice(start, start + query.limit).map((user) => ({ ...user })), total: this.ordered.length };
    }
    const page: UserRecord[] = [];
    let total = 0;
    for (let index = 0; index < this.lowerNames.length; index += 1) {
      if (!this.lowerNames[index]!.includes(needle)) continue;
      if (total >= start && page.length < query.limit) page.push({ ...this.ordered[index]! });
      total += 1;
    }
    return { users: page, total };
  }

  async count(): Promise<number> {
    return this.ordered.length;
  }

  private index(user: UserRecord): void {
    this.byUsernameKey.set(user.username.toLowerCase(), user);
    this.byId.set(user.id, user);
    this.byGameUuid.set(user.gameUuid, user);
    this.ordered.push(user);
    this.lowerNames.push(user.username.toLowerCase());
    this.nextId = Math.max(this.nextId, user.id + 1);
  }

  /** Every shard on disk was read at open; one not in the map is new, so it is made without a read. */
  private shardFor(id: number): Low<Shard> {
    const number = Math.floor((id - 1) / usersPerShard);
    let shard = this.shards.get(number);
    if (!shard) {
      shard = newDocument<Shard>(path.join(this.directory, `users-${String(number).padStart(6, '0')}.json`), { users: [] });
      this.shards.set(number, shard);
    }
    return shard;
  }
}
