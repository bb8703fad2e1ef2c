import type { Low } from 'lowdb';
import { openDocument } from '../../lib/json-document.js';
import type { MessageRecord, MessageStore, PendingRestart, RestartStore, SettingsOverrides, SettingsStore } from '../port.js';

/** settings.json: only what was changed through the API; config.yml supplies the rest. */
export class JsonSettingsStore implements SettingsStore {
  private constructor(private readonly document: Low<{ overrides: SettingsOverrides }>) {}

  static async open(file: string): Promise<JsonSettingsStore> {
    return new JsonSettingsStore(await openDocument(file, { overrides: {} }, { pretty: true }));
  }

  async load(): Promise<SettingsOverrides> {
    return structuredClone(this.document.data.overrides);
  }

  async save(overrides: SettingsOverrides): Promise<void> {
    this.document.data.overrides = structuredClone(overrides);
    await this.document.write();
  }
}

/** messages.json: announcements and direct messages; people type them, so they stay few. */
export class JsonMessageStore implements MessageStore {
  private constructor(private readonly document: Low<{ nextId: number; messages: MessageRecord[] }>) {}

  static async open(file: string): Promise<JsonMessageStore> {
    return new JsonMessageStore(await openDocument<{ nextId: number; messages: MessageRecord[] }>(file, { nextId: 1, messages: [] }));
  }

  async add(message: Omit<MessageRecord, 'id'>): Promise<MessageRecord> {
    const record: MessageRecord = { ...message, id: this.document.data.nextId++ };
    this.document.data.messages.push(record);
    await this.document.write();
    return { ...record };
  }

  async list(limit: number): Promise<MessageRecord[]> {
    return this.document.data.messages.slice(-limit).reverse().map((message) => ({ ...message }));
  }

  async activeAnnouncements(now: Date): Promise<MessageRecord[]> {
    const nowIso = now.toISOString();
    return this.document.data.messages
      .filter((message) => message.type === 'ANNOUNCEMENT' && message.expiresAt !== null && message.expiresAt > nowIso)
      .map((message) => ({ ...message }));
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    const cutoffIso = cutoff.toISOString();
    const before = this.document.data.messages.length;
    this.document.data.messages = this.document.data.messages.filter((message) => message.createdAt >= cutoffIso);
    const removed = before - this.document.data.messages.length;
    if (removed > 0) await this.document.write();
    return removed;
  }
}

/** restart.json: the pending restart, so it survives a restart of Gatehouse itself. */
export class JsonRestartStore implements RestartStore {
  private constructor(private readonly document: Low<{ pending: PendingRestart | null }>) {}

  static async open(file: string): Promise<JsonRestartStore> {
    return new JsonRestartStore(await openDocument<{ pending: PendingRestart | null }>(file, { pending: null }, { pretty: true }));
  }

  async load(): Promise<PendingRestart | null> {
    return this.document.data.pending && { ...this.document.data.pending };
  }

  async save(pending: PendingRestart | null): Promise<void> {
    this.document.data.pending = pending && { ...pending };
    await this.document.write();
  }
}
