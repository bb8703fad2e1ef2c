import type { Low } from 'lowdb';
import { UniqueConflictError, type NewUser, type UserQuery, type UserRecord, type UserStore } from '../port.js';
import { openDocument } from '../../lib/json-document.js';

interface UsersDocument {
  nextId: number;
  users: UserRecord[];
}

/** Users in one lowdb document, with in-memory indexes for the lookups every request makes. */
export class JsonUserStore implements UserStore {
  private readonly byUsernameKey = new Map<string, UserRecord>();
  private readonly byId = new Map<number, UserRecord>();
  private readonly byGameUuid = new Map<string, UserRecord>();

  private constructor(private readonly document: Low<UsersDocument>) {
    for (const user of document.data.users) this.index(user);
  }

  static async open(file: string): Promise<JsonUserStore> {
    return new JsonUserStore(await openDocument<UsersDocument>(file, { nextId: 1, users: [] }));
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
    const data = this.document.data;
    const user: UserRecord = { ...newUser, id: data.nextId, lastLogin: null };
    data.nextId += 1;
    data.users.push(user);
    this.index(user);
    await this.document.write();
    return { ...user };
  }

  async recordLogin(id: number, at: string): Promise<void> {
    const user = this.byId.get(id);
    if (!user) return;
    user.lastLogin = at;
    await this.document.write();
  }

  async list(query: UserQuery): Promise<{ users: UserRecord[]; total: number }> {
    const needle = query.search?.toLowerCase();
    const matching = needle ? this.document.data.users.filter((user) => user.username.toLowerCase().includes(needle)) : this.document.data.users;
    const start = (query.page - 1) * query.limit;
    return { users: matching.slice(start, start + query.limit).map((user) => ({ ...user })), total: matching.length };
  }

  async count(): Promise<number> {
    return this.document.data.users.length;
  }

  private index(user: UserRecord): void {
    this.byUsernameKey.set(user.username.toLowerCase(), user);
    this.byId.set(user.id, user);
    this.byGameUuid.set(user.gameUuid, user);
  }
}
