import type { EntityManager } from '@mikro-orm/core';
import { isoDay } from '../../companies/company-profile';
import { dialectOf } from '../../companies/register-sql';
import { HEALTH_MODEL_VERSION, scoreCompaniesHealth, type HealthScoreSummary } from '../score-company';
import { deleteHealthScores, storeHealthSummaries } from './health-score-writes';

/*
 * Keeps company_health_scores in step with the data, in batches of one transaction each. A batch takes, in this
 * order: companies queued because their data changed (health_score_queue), stored scores whose valid_until has
 * come (a due date passed, a window closed: the same data now scores differently), and stored scores of another
 * model version. It scores them as of today, replaces their stored rows and removes from the queue exactly the
 * entries it read (company and queued_at), so a company re-queued meanwhile stays queued.
 */

export type HealthScorer = (
  em: EntityManager,
  companyNumbers: readonly string[],
  asOf: string,
) => Promise<HealthScoreSummary[]>;

export interface RefreshHealthScoresOptions {
  /**
   * Default: the health model (scoreCompaniesHealth: plain rows read once per table for the whole batch). Tests
   * give a deterministic one.
   */
  scorer?: HealthScorer;
  /** The version the scorer writes: stored rows of any other version are rescored. */
  modelVersion?: string;
  /** Companies per batch (one transaction). */
  batchSize?: number;
  /** Companies scored per call at most, so a caller can heartbeat or stop between calls. */
  maxCompanies?: number;
}

export interface HealthScoresRefreshed {
  /** Companies scored and stored. */
  rescored: number;
  /** Of the companies taken, those queued by a change to their data. */
  queued: number;
  /** ... those whose stored score's valid_until had come. */
  expired: number;
  /** ... those stored under another model version. */
  otherModel: number;
  /** Queued companies the register no longer holds (or the scorer did not score): their stored score is removed. */
  dropped: number;
  /** The call stopped at maxCompanies: call again. */
  more: boolean;
}

export const HEALTH_REFRESH_BATCH = 500;
export const HEALTH_REFRESH_MAX_COMPANIES = 5_000;
/** Refresh batches run one at a time on PostgreSQL, so an older read never overwrites a newer score. */
const REFRESH_LOCK_KEY = 7_411_001;
/** Writes nothing, but a write statement opens SQLite's write transaction. */
const TAKE_SQLITE_WRITE_LOCK = 'delete from health_score_queue where 1 = 0';

interface QueuedRow {
  company_number: string;
  /** As the driver reads it (SQLite: epoch ms; PostgreSQL: a Date), and bound back as it came. */
  queued_at: unknown;
}

function emptyCounts(): HealthScoresRefreshed {
  return { rescored: 0, queued: 0, expired: 0, otherModel: 0, dropped: 0, more: false };
}

export function addRefreshCounts(
  total: HealthScoresRefreshed,
  call: HealthScoresRefreshed,
): HealthScoresRefreshed {
  return {
    rescored: total.rescored + call.rescored,
    queued: total.queued + call.queued,
    expired: total.expired + call.expired,
    otherModel: total.otherModel + call.otherModel,
    dropped: total.dropped + call.dropped,
    more: call.more,
  };
}

/** One call: batches until nothing is left or maxCompanies are scored. */
export async function refreshHealthScores(
  em: EntityManager,
  now: Date,
  options: RefreshHealthScoresOptions = {},
): Promise<HealthScoresRefreshed> {
  const batchSize = options.batchSize ?? HEALTH_REFRESH_BATCH;
  const maxCompanies = options.maxCompanies ?? HEALTH_REFRESH_MAX_COMPANIES;
  let total = emptyCounts();
  let taken = 0;
  for (;;) {
    const size = Math.min(batchSize, maxCompanies - taken);
    const batch = await refreshBatch(em.fork(), now, size, options);
    total = addRefreshCounts(total, batch.counts);
    taken += batch.taken;
    // A batch short of its size found every source exhausted.
    if (batch.taken < size) return { ...total, more: false };
    if (taken >= maxCompanies) return { ...total, more: true };
  }
}

/** Calls refreshHealthScores until nothing is left: for the CLI and demo seeding, which wait for it. */
export async function drainHealthScores(
  em: EntityManager,
  now: Date,
  options: RefreshHealthScoresOptions & {
    /** Called after each call of refreshHealthScores (at most maxCompanies), with the counts so far. */
    onProgress?: (soFar: HealthScoresRefreshed) => void;
  } = {},
): Promise<HealthScoresRefreshed> {
  let total = emptyCounts();
  for (;;) {
    total = addRefreshCounts(total, await refreshHealthScores(em, now, options));
    options.onProgress?.(total);
    if (!total.more) return total;
  }
}

async function refreshBatch(
  em: EntityManager,
  now: Date,
  size: number,
  options: RefreshHealthScoresOptions,
): Promise<{ taken: number; counts: HealthScoresRefreshed }> {
  const scorer = options.scorer ?? scoreCompaniesHealth;
  const modelVersion = options.modelVersion ?? HEALTH_MODEL_VERSION;
  const today = isoDay(now);
  return em.transactional(async (tx) => {
    const run = (sql: string, params: unknown[]) =>
      tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
    if (dialectOf(tx) === 'postgresql') await run('select pg_advisory_xact_lock(?)', [REFRESH_LOCK_KEY]);
    // SQLite: take the write lock before reading. A batch that read first and wrote later would fail (busy
    // snapshot) whenever another process wrote in between; holding the lock, writers wait for it instead.
    else await tx.getConnection().execute(TAKE_SQLITE_WRITE_LOCK, [], 'run', tx.getTransactionContext());

    const queued: QueuedRow[] = await run(
      'select company_number, queued_at from health_score_queue order by company_number limit ?',
      [size],
    );
    const notQueued =
      'not exists (select 1 from health_score_queue q where q.company_number = h.company_number)';
    // A score whose valid_until is not past its own as_of would be picked again at once: the scorer said so,
    // but a loop is worse than one score left as it is.
    const expired = await takeMore(
      run,
      'select company_number from company_health_scores h ' +
        `where valid_until <= ? and as_of < valid_until and ${notQueued} limit ?`,
      [today],
      size - queued.length,
    );
    const otherModel = await takeMore(
      run,
      'select company_number from company_health_scores h ' +
        `where (model_version < ? or model_version > ?) and ${notQueued} limit ?`,
      [modelVersion, modelVersion],
      size - queued.length - expired.length,
    );
    // A company both expired and of another model appears in both lists; it is scored once.
    const numbers = [
      ...new Set([...queued.map((row) => row.company_number), ...expired, ...otherModel]),
    ].sort();
    const taken = queued.length + expired.length + otherModel.length;
    if (numbers.length === 0) return { taken, counts: emptyCounts() };

    const summaries = scoredOnce(await scorer(tx, numbers, today), numbers, modelVersion);
    const scored = new Set(summaries.map((summary) => summary.companyNumber));
    const dropped = numbers.filter((number) => !scored.has(number));
    await storeHealthSummaries(tx, summaries, now);
    await deleteHealthScores(tx, dropped);
    for (let i = 0; i < queued.length; i += 250) {
      const chunk = queued.slice(i, i + 250);
      await tx.getConnection().execute(
        `delete from health_score_queue where ${chunk.map(() => '(company_number = ? and queued_at = ?)').join(' or ')}`,
        chunk.flatMap((row) => [row.company_number, row.queued_at]),
        'run',
        tx.getTransactionContext(),
      );
    }
    return {
      taken,
      counts: {
        rescored: summaries.length,
        queued: queued.length,
        expired: expired.length,
        otherModel: otherModel.length,
        dropped: dropped.length,
        more: false,
      },
    };
  });
}

/** The scorer's answer for the companies asked about, one each (the last wins). */
function scoredOnce(
  summaries: readonly HealthScoreSummary[],
  numbers: readonly string[],
  modelVersion: string,
): HealthScoreSummary[] {
  const wanted = new Set(numbers);
  const byNumber = new Map<string, HealthScoreSummary>();
  for (const summary of summaries) {
    // Stored under another version, the row would be picked as outdated again at once, without end.
    if (summary.modelVersion !== modelVersion)
      throw new Error(
        `health scorer answered model ${summary.modelVersion} for ${summary.companyNumber}; the refresh stores ${modelVersion}`,
      );
    if (wanted.has(summary.companyNumber)) byNumber.set(summary.companyNumber, summary);
  }
  return [...byNumber.values()];
}

async function takeMore(
  run: (sql: string, params: unknown[]) => Promise<{ company_number?: unknown }[]>,
  sql: string,
  params: unknown[],
  room: number,
): Promise<string[]> {
  if (room <= 0) return [];
  const rows = await run(sql, [...params, room]);
  return rows.map((row) => String(row.company_number));
}
