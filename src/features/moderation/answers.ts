/** Records as the API shows them: to admins whole, to the player they are about without who acted. */
import type { ModerationRecord } from './store.js';

export function recordAnswerOf(record: ModerationRecord, inForce: boolean) {
  return { ...record, inForce };
}

export function ownRecordOf(record: ModerationRecord, inForce: boolean) {
  return {
    id: record.id,
    kind: record.kind,
    reason: record.reason,
    at: record.at,
    expiresAt: record.expiresAt,
    inForce,
    lifted: record.lifted && { at: record.lifted.at, reason: record.lifted.reason },
    appeal: record.appeal && {
      text: record.appeal.text,
      at: record.appeal.at,
      status: record.appeal.status,
      answer: record.appeal.answer,
      answeredAt: record.appeal.answeredAt,
    },
  };
}
