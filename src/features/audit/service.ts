import type { Actor } from '../../http/caller.js';
import type { AppendLog, AuditEntry } from '../../store/port.js';

/** The audit log of admin actions that change something. Written before the action is acknowledged. */
export class AuditTrail {
  constructor(
    private readonly log: AppendLog<AuditEntry>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(actor: Actor, action: string, details: Record<string, unknown>): Promise<void> {
    await this.log.append({ timestamp: this.now().toISOString(), actor: actor.name, ipAddress: actor.ipAddress, action, details });
  }

  recent(limit: number): Promise<AuditEntry[]> {
    return this.log.recent({ limit });
  }
}
