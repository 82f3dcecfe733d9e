import type { EntityManager } from '@mikro-orm/core';
import { readRows, type ReadOptions, type ReadParam } from '../../../db/read-query';

/**
 * Matches counted up to this many at most, in each part of a name search. A search whose parts both hold fewer is
 * small: every statement it runs then reads and sorts at most this many rows, a few milliseconds on any register.
 */
export const SMALL_SEARCH_MATCHES = 1000;

/**
 * How a name search's reads should be sent, judged before they run (SQLite only: PostgreSQL's pool has no lanes).
 * The SQL of a search is the same text for "cleaning" (114,000 matches at 5.5M, 0.7 s) as for an exact name (a
 * handful, 20 ms), so the read threads cannot tell them apart by their record, and an exact name queued behind
 * sixteen common words waited seconds. One statement counts the head's matches and the full-text matches, each
 * only up to the bound, so it costs well under a millisecond; a search small in both parts has all its reads
 * marked bounded, which lets them take the quick lane (src/db/read-pool/).
 */
export async function searchReadOptions(
  em: EntityManager,
  head: { text: string; params: readonly ReadParam[] },
  ftsQuery: string | undefined,
  bound = SMALL_SEARCH_MATCHES,
): Promise<ReadOptions> {
  const limit = bound + 1;
  const fullText =
    ftsQuery === undefined
      ? '0'
      : `(select count(*) from (select 1 from companies_fts where companies_fts match ? limit ${limit}))`;
  const [sizes] = await readRows<{ head: number; full_text: number }>(
    em,
    `select (select count(*) from (select 1 from companies c ${head.text} limit ${limit})) as head, ` +
      `${fullText} as full_text`,
    ftsQuery === undefined ? [...head.params] : [...head.params, ftsQuery],
    { bounded: true },
  );
  const small = Number(sizes!.head) <= bound && Number(sizes!.full_text) <= bound;
  return { bounded: small };
}
