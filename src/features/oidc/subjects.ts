/**
 * The `sub` of an account: a random id made at its first sign-in, kept in
 * the store, never the web username (which its owner may share) nor the
 * account's number (which another account could get after a deletion on the
 * JSON store). An account made again gets a new one: it is another person's
 * account as far as a relying party can tell.
 */
import { randomBytes } from 'node:crypto';
import type { UserRecord } from '../../store/port.js';
import type { OidcStore } from './store.js';

interface SubjectPayload {
  userId: number;
  /** The account's creation time: a later account with the same number is another one. */
  userCreatedAt: string;
}

export class Subjects {
  constructor(
    private readonly store: OidcStore,
    private readonly now: () => Date,
  ) {}

  async of(user: UserRecord): Promise<string> {
    const at = this.now().toISOString();
    const known = (await this.store.find('SubjectOfUser', String(user.id), at))?.payload as (SubjectPayload & { sub: string }) | undefined;
    if (known && known.userCreatedAt === user.createdAt) return known.sub;
    const sub = randomBytes(16).toString('base64url');
    const payload = { userId: user.id, userCreatedAt: user.createdAt };
    await this.store.put({ model: 'Subject', id: sub, payload, grantId: null, uid: null, userCode: null, expiresAt: null });
    await this.store.put({ model: 'SubjectOfUser', id: String(user.id), payload: { ...payload, sub }, grantId: null, uid: null, userCode: null, expiresAt: null });
    return sub;
  }

  /** The account a `sub` names, unless it was deleted (or its number now belongs to another). */
  async account(sub: string, findUser: (id: number) => Promise<UserRecord | undefined>): Promise<UserRecord | undefined> {
    const found = (await this.store.find('Subject', sub, this.now().toISOString()))?.payload as SubjectPayload | undefined;
    if (!found) return undefined;
    const user = await findUser(found.userId);
    return user && user.createdAt === found.userCreatedAt ? user : undefined;
  }
}
