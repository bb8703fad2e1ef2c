import type { Low } from 'lowdb';
import type { RegistrationCodeRecord, RegistrationCodeStore } from '../port.js';
import { openDocument } from '../../lib/json-document.js';

interface CodesDocument {
  codes: RegistrationCodeRecord[];
}

export class JsonRegistrationCodeStore implements RegistrationCodeStore {
  private constructor(private readonly document: Low<CodesDocument>) {}

  static async open(file: string): Promise<JsonRegistrationCodeStore> {
    return new JsonRegistrationCodeStore(await openDocument<CodesDocument>(file, { codes: [] }));
  }

  async replaceForPlayer(record: RegistrationCodeRecord): Promise<void> {
    const data = this.document.data;
    data.codes = data.codes.filter((existing) => existing.gameUuid !== record.gameUuid);
    data.codes.push({ ...record });
    await this.document.write();
  }

  async find(code: string): Promise<RegistrationCodeRecord | undefined> {
    const found = this.document.data.codes.find((existing) => existing.code === code);
    return found && { ...found };
  }

  async remove(code: string): Promise<void> {
    const before = this.document.data.codes.length;
    this.document.data.codes = this.document.data.codes.filter((existing) => existing.code !== code);
    if (this.document.data.codes.length !== before) await this.document.write();
  }

  async removeExpired(now: Date): Promise<number> {
    const before = this.document.data.codes.length;
    const nowIso = now.toISOString();
    this.document.data.codes = this.document.data.codes.filter((existing) => existing.expiresAt > nowIso);
    const removed = before - this.document.data.codes.length;
    if (removed > 0) await this.document.write();
    return removed;
  }
}
