import type { Static } from '../../lib/schema.js';
import type { sessionSummary } from './schemas.js';
import type { SessionRecord } from './store.js';

export function toSessionSummary(session: SessionRecord, currentSessionId: string): Static<typeof sessionSummary> {
  return {
    id: session.id,
    current: session.id === currentSessionId,
    kind: session.kind,
    device: session.device,
    userAgent: session.userAgent,
    address: session.address,
    lastAddress: session.lastAddress,
    startedAt: session.startedAt,
    lastUsedAt: session.lastUsedAt,
    expiresAt: session.expiresAt,
  };
}
