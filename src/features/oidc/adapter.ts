/**
 * oidc-provider's adapter over the store part: every record the provider
 * keeps (codes, sessions, grants, refresh tokens, interactions) goes to the
 * store, so it outlives a restart and every instance of a network finds it.
 * The provider asks one adapter per model; `Client` records are the clients
 * admins register (./clients.ts writes them).
 *
 * A NUL character (U+0000) is refused here, the same on both stores:
 * PostgreSQL's jsonb cannot hold one, so a `state` or `nonce` with one, kept
 * in the provider's records, failed the request there (a 500) where the JSON
 * store kept it. A record that would hold one is an `invalid_request`; a
 * code, token or client id with one names nothing, so nothing is found.
 */
import { errors } from 'oidc-provider';
import { nulAt } from '../../lib/nul.js';
import type { OidcStore } from './store.js';

/** The adapter's payload as oidc-provider hands it over (its own fields; we read only these). */
type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string };

export type AdapterClass = new (model: string) => OidcAdapter;

export interface OidcAdapter {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export function adapterOver(store: OidcStore, now: () => Date): AdapterClass {
  return class StoreAdapter implements OidcAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const at = nulAt(payload);
      if (at !== undefined) throw new errors.InvalidRequest(`${at || 'a parameter'} must not contain a NUL character (U+0000)`);
      await store.put({
        model: this.model,
        id,
        payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        expiresAt: expiresIn ? new Date(now().getTime() + expiresIn * 1000).toISOString() : null,
      });
    }

    async find(id: string): Promise<Payload | undefined> {
      if (id.includes('\0')) return undefined;
      return (await store.find(this.model, id, now().toISOString()))?.payload;
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      if (uid.includes('\0')) return undefined;
      return (await store.findBy(this.model, 'uid', uid, now().toISOString()))?.payload;
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      if (userCode.includes('\0')) return undefined;
      return (await store.findBy(this.model, 'userCode', userCode, now().toISOString()))?.payload;
    }

    async consume(id: string): Promise<void> {
      if (id.includes('\0')) return;
      await store.consume(this.model, id, Math.floor(now().getTime() / 1000));
    }

    async destroy(id: string): Promise<void> {
      if (id.includes('\0')) return;
      await store.remove(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (grantId.includes('\0')) return;
      await store.removeGrant(grantId);
    }
  };
}
