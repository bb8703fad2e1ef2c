/**
 * The network's tables (see ./network.ts), migrated with the rest of the
 * schema; and, as the part's store, the writing of a notice inside a unit of
 * work of the store (Network.publishIn), so that a change and the notice of
 * it are kept together or not at all.
 */
import { storePart } from '../port.js';
import type { PostgresPartImplementation } from './access.js';
import { type OutgoingNotice, writeNotice } from './network-notices.js';

export interface NoticeRecords {
  /** Writes the notice (and notifies it at the unit's commit, not before). */
  write(notice: OutgoingNotice): Promise<void>;
}

/** The network's part, which the store factory opens every PostgreSQL store with (one server alone on JSON files has no network to keep). */
export const networkPart: PostgresPartImplementation<NoticeRecords> = {
  part: storePart<NoticeRecords>('network'),
  postgres: {
    migrations: [
      {
        version: 1,
        description: 'instances, who is online where, calls between instances',
        sql: ({ name }) => `
          CREATE TABLE ${name('network_instances')} (
            server text PRIMARY KEY,
            started_at timestamptz NOT NULL,
            heartbeat_at timestamptz NOT NULL
          );
          CREATE TABLE ${name('network_presence')} (
            server text NOT NULL,
            uuid text NOT NULL,
            player json NOT NULL,
            PRIMARY KEY (server, uuid)
          );
          CREATE TABLE ${name('network_calls')} (
            id bigserial PRIMARY KEY,
            caller text NOT NULL,
            server text NOT NULL,
            operation text NOT NULL,
            args json NOT NULL,
            deadline timestamptz NOT NULL,
            claimed boolean NOT NULL DEFAULT false,
            answered boolean NOT NULL DEFAULT false,
            answer json,
            error json
          );
          CREATE INDEX ${name('network_calls_waiting')} ON ${name('network_calls')} (server, id) WHERE NOT claimed;
        `,
      },
      {
        version: 2,
        description: 'notices kept for instances that were not listening, and the last notice of each key retained',
        sql: ({ name }) => `
          CREATE TABLE ${name('network_notices')} (
            id bigserial PRIMARY KEY,
            sender text NOT NULL,
            topic text NOT NULL,
            payload json NOT NULL,
            sent_at timestamptz NOT NULL DEFAULT now()
          );
          CREATE INDEX ${name('network_notices_sent_at')} ON ${name('network_notices')} (sent_at);
          CREATE TABLE ${name('network_retained')} (
            topic text NOT NULL,
            key text NOT NULL,
            notice_id bigint NOT NULL,
            sender text NOT NULL,
            payload json NOT NULL,
            changed_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (topic, key)
          );
        `,
      },
    ],
    bind: (access) => ({ write: (notice) => writeNotice(access, notice) }),
  },
};
