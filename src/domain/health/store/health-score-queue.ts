import type { EntityManager } from '@mikro-orm/core';
import { dialectOf, placeholders } from '../../companies/register-sql';

/*
 * Companies whose data changed wait in health_score_queue until the refresh rescores them. Every writer of data
 * the score reads queues the company in its own transaction, so a change is never stored without its rescore
 * being due. A company already queued is not added twice; its queued_at moves forward instead, strictly (at
 * least a millisecond past the stored one, even within one millisecond): a refresh removes only the entries
 * whose queued_at it read, so one that was re-queued after the refresh read its data stays for the next run.
 * (Insert-or-ignore would keep the old queued_at, and the refresh would remove the new change's entry.)
 */

/** SQLite keeps datetimes as epoch milliseconds (MikroORM's mapping), so the bump is + 1. */
export const QUEUE_BUMP_SQLITE =
  'on conflict (company_number) do update set queued_at = max(excluded.queued_at, health_score_queue.queued_at + 1)';
export const QUEUE_BUMP_POSTGRES =
  'on conflict (company_number) do update set queued_at = ' +
  "greatest(excluded.queued_at, health_score_queue.queued_at + interval '1 millisecond')";

/** Queues a batch in one PostgreSQL statement: $1 the company numbers (text[]), $2 the time. */
export const ENQUEUE_POSTGRES_UNNEST =
  'insert into health_score_queue (company_number, queued_at) select unnest($1::text[]), $2::timestamptz ' +
  QUEUE_BUMP_POSTGRES;

/** One company on SQLite: (company number, epoch milliseconds). */
export const ENQUEUE_SQLITE_ONE = `insert into health_score_queue (company_number, queued_at) values (?, ?) ${QUEUE_BUMP_SQLITE}`;

const CHUNK = 500;

/**
 * Queues companies for rescoring inside the caller's transaction (`em` must be the transaction's). Numbers are
 * written in order, so two writers queueing overlapping sets lock the rows in the same order.
 */
export async function enqueueHealthRescore(
  em: EntityManager,
  companyNumbers: Iterable<string>,
  now: Date,
): Promise<void> {
  const numbers = [...new Set(companyNumbers)].sort();
  const postgres = dialectOf(em) === 'postgresql';
  const bump = postgres ? QUEUE_BUMP_POSTGRES : QUEUE_BUMP_SQLITE;
  const at = postgres ? now : now.getTime();
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const chunk = numbers.slice(i, i + CHUNK);
    await em.getConnection().execute(
      `insert into health_score_queue (company_number, queued_at) values ${chunk.map(() => `(${placeholders(2)})`).join(', ')} ${bump}`,
      chunk.flatMap((number) => [number, at]),
      'run',
      em.getTransactionContext(),
    );
  }
}
