import type { EntityManager } from '@mikro-orm/core';
import { readRows, type ReadOptions, type ReadParam } from '../../../db/read-query';
import type { Sql } from '../register-filters';
import { matchedNumbersSql, type FullTextIndex } from './full-text-index';

/**
 * Matches counted up to this many at most, in each part of a name search. A search whose parts both hold fewer is
 * small: every statement it runs then reads and sorts at most this many rows, a few milliseconds on any register.
 */
export const SMALL_SEARCH_MATCHES = 1000;

/** What a name search learns of its size before it reads its page (SQLite only). */
export interface SearchSize {
  /** `bounded` when both parts are small: the search's reads may take the read threads' quick lane. */
  reads: ReadOptions;
  /**
   * Every company the full-text part matches, when they are no more than the bound: the search then reads its
   * tail from these numbers instead of matching the full-text index a second time.
   */
  fullTextNumbers: readonly string[] | undefined;
}

/**
 * How big a name search is, judged before it reads (SQLite only: PostgreSQL's pool has no lanes). The SQL of a
 * search is the same text for "cleaning" (114,000 matches at 5.5M, 0.7 s) as for an exact name (a handful, 20 ms),
 * so the read threads cannot tell them apart by their record, and an exact name queued behind sixteen common words
 * waited seconds. One statement counts the head's matches and takes the full-text match's numbers, each only up
 * to the bound. The full-text part was most of what a search of several words cost (about 2 ms of 4.5 at 1M, before
 * the pair index of name-pairs.ts), so its numbers are handed back for the search to use: counting and then
 * matching again had made every name search a third slower at 5.5M.
 */
export async function searchSize(
  em: EntityManager,
  head: { text: string; params: readonly ReadParam[] },
  fullText: FullTextIndex | undefined,
  bound = SMALL_SEARCH_MATCHES,
): Promise<SearchSize> {
  const limit = bound + 1;
  const numbers =
    fullText === undefined
      ? "'[]'"
      : `(select json_group_array(company_number) from (${matchedNumbersSql(fullText)} limit ${limit}))`;
  const [sizes] = await readRows<{ head: number; full_text: string }>(
    em,
    `select (select count(*) from (select 1 from companies c ${head.text} limit ${limit})) as head, ` +
      `${numbers} as full_text`,
    fullText === undefined ? [...head.params] : [...head.params, fullText.query],
    { bounded: true },
  );
  const matched = JSON.parse(sizes!.full_text) as string[];
  const fullTextSmall = matched.length <= bound;
  return {
    reads: { bounded: Number(sizes!.head) <= bound && fullTextSmall },
    fullTextNumbers: fullText !== undefined && fullTextSmall ? matched : undefined,
  };
}

/** The full-text part of a name match as the numbers searchSize took, instead of a second full-text match. */
export function numbersMatched(numbers: readonly string[]): Sql {
  return { text: 'c.company_number in (select value from json_each(?))', params: [JSON.stringify(numbers)] };
}
