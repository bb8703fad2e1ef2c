import type { Actor } from '../../http/caller.js';
import type { AuditEntry, AuditLog } from './store.js';

/** The audit log of admin actions that change something. Written before the action is acknowledged. */
export class AuditTrail {
  constructor(
    private readonly log: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(actor: Actor, action: string, details: Record<string, unknown>): Promise<void> {
    await this.log.append({
      timestamp: this.now().toISOString(),
      actor: actor.name,
      ...(actor.keyId ? { actorKeyId: actor.keyId } : {}),
      ipAddress: actor.ipAddress,
      action,
      details,
    });
  }

  /** A page of entries, newest first, with how many there are. */
  async page(page: number, limit: number): Promise<{ entries: AuditEntry[]; total: number }> {
    const [entries, total] = await Promise.all([this.log.recent({ limit, offset: (page - 1) * limit }), this.log.count({})]);
    return { entries, total };
  }
}
