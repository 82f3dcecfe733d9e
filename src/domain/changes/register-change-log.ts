import type { EntityManager } from '@mikro-orm/core';
import {
  RegisterChangeEntity,
  type ChangeSource,
  type RegisterChange,
} from '../../db/entities/register-change';
import { dialectOf } from '../companies/register-sql';
import { enqueueHealthRescore } from '../health/store/health-score-queue';
import type { ChangeDraft } from './company-changes';

/*
 * Appending to the register change feed. Sequence numbers must become visible in order: the change check reads
 * "everything past sequence N" and never looks back. SQLite has one writer at a time, so that holds by itself.
 * PostgreSQL hands out bigserial numbers to concurrent transactions that may commit in any order, so every
 * writer takes this lock first: the next writer draws its numbers only after the previous one committed. Readers
 * are not blocked (EXCLUSIVE still allows ACCESS SHARE).
 */
export const LOCK_CHANGE_LOG = 'lock table register_changes in exclusive mode';

/** Columns of register_changes a writer fills; the sequence comes from the database. */
export const CHANGE_COLUMNS = [
  'company_number',
  'change',
  'field',
  'alert_type',
  'old_value',
  'new_value',
  'source',
  'detected_at',
] as const;

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** A stored old_value or new_value back as the value it was. */
export function parseChangeValue(value: string | null): unknown {
  return value === null ? null : JSON.parse(value);
}

/** A draft as a row in CHANGE_COLUMNS order (the writers' raw statements take it so). */
export function changeValues(
  draft: ChangeDraft,
  source: ChangeSource,
  detectedAt: Date,
): [string, string, string, string | null, string | null, string | null, string, Date] {
  return [
    draft.companyNumber,
    draft.change,
    draft.field,
    draft.alertType,
    json(draft.oldValue),
    json(draft.newValue),
    source,
    detectedAt,
  ];
}

/**
 * Appends changes inside the caller's transaction (`em` must be the transaction's), and queues their companies
 * for rescoring in it: whatever the feed records (a detail import, the clock's overdue filings, the simulator)
 * may move a health score.
 */
export async function appendChanges(
  em: EntityManager,
  drafts: readonly ChangeDraft[],
  source: ChangeSource,
  detectedAt: Date,
): Promise<void> {
  if (drafts.length === 0) return;
  if (dialectOf(em) === 'postgresql')
    await em.getConnection().execute(LOCK_CHANGE_LOG, [], 'run', em.getTransactionContext());
  await em.insertMany<RegisterChange>(
    RegisterChangeEntity,
    drafts.map((draft) => ({
      companyNumber: draft.companyNumber,
      change: draft.change,
      field: draft.field,
      alertType: draft.alertType,
      oldValue: json(draft.oldValue),
      newValue: json(draft.newValue),
      source,
      detectedAt,
    })),
  );
  await enqueueHealthRescore(
    em,
    drafts.map((draft) => draft.companyNumber),
    detectedAt,
  );
}
