import type { Sql } from '../register-filters';
import { STATUS_RANK } from './status-rank';

/*
 * A common word's full-text tier walked in order on PostgreSQL (the SQLite walk: search/tail-walk.ts). The planner
 * cannot be told to walk an index, nor can it see how many of a word's matches the head has taken, so the search
 * decides, and writes the walk so that no other plan is possible: an inner statement that reads migration 0022's
 * index in its order up to a bound of entries (an index-only scan: nothing else can serve an unfiltered ORDER BY …
 * LIMIT), and an outer one that keeps the names holding the words and stops at the page. Measured on 1M
 * companies, the tier's first page, warm: "holdings" 153–163 ms sorted → 3.5 ms walked, "cleaning" 66–103 → 3.6,
 * "childcare" 12–42 → 9.8 (docs/performance.md).
 *
 * The words' matches are estimated from the planner's statistics (word-shares-postgres.ts), less the head, whose
 * size the search knows by then. The bound keeps a walk that was chosen on a wrong estimate from reading the whole
 * index: a walk that stops short of the page has read its bound, and the tier is then sorted as it would have been.
 */

/** How many entries a walk may read per match the planner expects the tier to hold. */
const WALK_ENTRIES_PER_MATCH = 10;

/** …and at most this many times the matches from which a tier is walked (an overestimate of an AND of words). */
const WALK_ENTRIES_PER_THRESHOLD = 16;

/** The entries a walk may read before the tier is sorted instead (a whole number: it is a LIMIT). */
export function walkBound(estimatedTierMatches: number, threshold: number): number {
  const bound = Math.min(
    WALK_ENTRIES_PER_MATCH * estimatedTierMatches,
    WALK_ENTRIES_PER_THRESHOLD * threshold,
  );
  return Math.max(1, Math.ceil(bound));
}

/**
 * The walk: company numbers of the tier's page, in the tier's order, from at most `bound` index entries. The
 * words are tested with LIKE on ASCII names (walkPatterns' agreement with the index holds for PostgreSQL's
 * 'simple' parser on names of letters, digits and single spaces) and with the full-text match on any other name,
 * one row at a time (a correlated test, so a common word's matches are never all read).
 */
export function walkStatement(
  patterns: readonly string[],
  tsQuery: string,
  head: Sql,
  page: { bound: number; limit: number; offset: number },
): { text: string; params: (string | number)[] } {
  const likes = patterns.map(() => `' ' || c.normalised_name || ' ' like ?`).join(' and ');
  const match =
    `(case when c.normalised_name ~ '[^ -~]' then exists (select 1 from companies f where ` +
    `f.company_number = c.company_number and f.name_search @@ to_tsquery('simple', ?)) else (${likes}) end)`;
  return {
    text:
      'select c.company_number from (select c.company_number, c.normalised_name, ' +
      `${STATUS_RANK} as tier_rank, length(c.normalised_name) as name_length from companies c ` +
      `order by ${STATUS_RANK}, length(c.normalised_name), c.normalised_name, c.company_number limit ?) c ` +
      `where ${match} and not ${head.text} ` +
      'order by c.tier_rank, c.name_length, c.normalised_name, c.company_number limit ? offset ?',
    params: [
      page.bound,
      tsQuery,
      ...patterns,
      ...(head.params as (string | number)[]),
      page.limit,
      page.offset,
    ],
  };
}
