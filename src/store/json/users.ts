import path from 'node:path';
import { asciiLowerCase } from '../../lib/ascii.js';
import { StoreCorruptError } from '../port.js';
import { UniqueConflictError, type NewUser, type UserQuery, type UserRecord, type UserStore } from '../port.js';
import type { JsonAccess } from './access.js';
import type { JsonDatabase } from './database.js';
import { shardedFile } from './table-files.js';

/** Users per shard file: a checkpoint rewrites one shard (about 300 KB), never all users. */
export const usersPerShard = 1000;
const table = 'users';

/**
 * Declares the users table: records by id, unique by username (ASCII letters
 * in any case) and by game UUID, kept in `users/users-NNNNNN.json`, 1,000 ids
 * to a file (`users-000000.json` holds ids 1 to 1000).
 */
export function defineUsers(database: JsonDatabase, dataDirectory: string): UserIndex {
  const users = database.define<UserRecord>(
    {
      name: table,
      uniqueIndexes: {
        username: (user) => asciiLowerCase(user.username),
        gameUuid: (user) => user.gameUuid,
        // Player names are unique at any one time; a renamed player's new holder takes the entry.
        gameUsername: (user) => asciiLowerCase(user.gameUsername),
      },
    },
    shardedFile(path.join(dataDirectory, 'users'), {
      pattern: /^users-\d{6}\.json$/,
      nameOf: (shard) => `users-${String(shard).padStart(6, '0')}.json`,
      shardOf: (key) => Math.floor((Number(key) - 1) / usersPerShard),
      keysOf: (shard) => Array.from({ length: usersPerShard }, (_, index) => String(shard * usersPerShard + index + 1)),
      fromDocument: (document, file) => {
        const list = (document as { users?: unknown } | undefined)?.users;
        if (!Array.isArray(list)) throw new StoreCorruptError(`${file} cannot be read (no "users" list). It was left untouched.`);
        return (list as UserRecord[]).map((user) => [String(user.id), user]);
      },
      toDocument: (records) => ({ users: records }),
    }),
  );
  const index = new UserIndex();
  users.onChange((_key, before, after) => index.follow(before, after));
  return index;
}

/**
 * Users in id order with their lower-case names beside them, kept from the
 * table's changes, so a page or a search over 100,000 users needs no sorting.
 */
export class UserIndex {
  readonly ordered: UserRecord[] = [];
  readonly lowerNames: string[] = [];
  private readonly positions = new Map<number, number>();
  nextId = 1;

  follow(before: UserRecord | undefined, after: UserRecord | undefined): void {
    if (!after) return;
    const position = this.positions.get(after.id);
    if (position !== undefined && before) {
      this.ordered[position] = after;
      this.lowerNames[position] = asciiLowerCase(after.username);
      return;
    }
    // Ids only grow, so a new user goes at the end (a replay at start brings them in id order too).
    this.positions.set(after.id, this.ordered.length);
    this.ordered.push(after);
    this.lowerNames.push(asciiLowerCase(after.username));
    this.nextId = Math.max(this.nextId, after.id + 1);
  }
}

export class JsonUserStore implements UserStore {
  constructor(
    private readonly access: JsonAccess,
    private readonly index: UserIndex,
  ) {}

  async findByUsername(username: string): Promise<UserRecord | undefined> {
    return copy(this.access.read<UserRecord>(table).findBy('username', asciiLowerCase(username)));
  }

  async findById(id: number): Promise<UserRecord | undefined> {
    return copy(this.access.read<UserRecord>(table).get(String(id)));
  }

  async findByGameUuid(uuid: string): Promise<UserRecord | undefined> {
    return copy(this.access.read<UserRecord>(table).findBy('gameUuid', uuid));
  }

  async gameUuidsWithAccounts(uuids: readonly string[]): Promise<Set<string>> {
    const users = this.access.read<UserRecord>(table);
    return new Set(uuids.filter((uuid) => users.findBy('gameUuid', uuid) !== undefined));
  }

  async findByGameUsername(gameUsername: string): Promise<UserRecord | undefined> {
    return copy(this.access.read<UserRecord>(table).findBy('gameUsername', asciiLowerCase(gameUsername)));
  }

  create(newUser: NewUser): Promise<UserRecord> {
    return this.access.write((tx) => {
      const users = tx.reader<UserRecord>(table);
      if (users.findBy('username', asciiLowerCase(newUser.username))) throw new UniqueConflictError('username');
      if (users.findBy('gameUuid', newUser.gameUuid)) throw new UniqueConflictError('gameUuid');
      let id = this.index.nextId;
      // Ids taken by this unit of work (several creates in one unit) are not in the index yet.
      while (users.get(String(id))) id += 1;
      const user: UserRecord = { ...newUser, id, lastLogin: null };
      tx.put(table, String(id), user);
      return { ...user };
    });
  }

  recordLogin(id: number, at: string): Promise<void> {
    return this.access.write((tx) => {
      const user = tx.get<UserRecord>(table, String(id));
      if (user) tx.put(table, String(id), { ...user, lastLogin: at });
    });
  }

  setPasswordHash(id: number, passwordHash: string): Promise<boolean> {
    return this.access.write((tx) => {
      const user = tx.get<UserRecord>(table, String(id));
      if (user) tx.put(table, String(id), { ...user, passwordHash });
      return user !== undefined;
    });
  }

  async list(query: UserQuery): Promise<{ users: UserRecord[]; total: number }> {
    const { ordered, lowerNames } = this.index;
    const start = (query.page - 1) * query.limit;
    const needle = query.search === undefined ? undefined : asciiLowerCase(query.search);
    if (!needle) return { users: ordered.slice(start, start + query.limit).map((user) => ({ ...user })), total: ordered.length };
    const page: UserRecord[] = [];
    let total = 0;
    for (let position = 0; position < lowerNames.length; position += 1) {
      if (!lowerNames[position]!.includes(needle)) continue;
      if (total >= start && page.length < query.limit) page.push({ ...ordered[position]! });
      total += 1;
    }
    return { users: page, total };
  }

  async count(): Promise<number> {
    return this.index.ordered.length;
  }
}

function copy<T extends object>(record: T | undefined): T | undefined {
  return record && { ...record };
}
