import type { EntityManager } from '@mikro-orm/core';
import { readRows, type ReadOptions } from '../../../db/read-query';
import type { SearchSizing } from './search-query';
import type { Sql } from '../register-filters';
import type { NameMatch } from './name-match';
import { registerSizeEstimate, where, type Where } from './register-reads';
import { STATUS_RANK } from './status-rank';
import { SUMMARY_COLUMNS, summariesOf, type SummaryRow } from './summary-rows';
import { matchedKeysSql } from './full-text-index';
import { denseThreshold, walkedMatch } from './tail-walk';
import { walkBound, walkStatement } from './tail-walk-postgres';
import { estimatedShare, wordShares } from './word-shares-postgres';
import { dialectOf } from '../register-sql';

/*
 * The tail of a name search (tier 4: the full-text match less the head), read for the part of a page that reaches
 * past the head: sorted over every match, or, for common words with no filter, walked in the tier's own order
 * (tail-walk.ts on SQLite, tail-walk-postgres.ts on PostgreSQL).
 */

/** The order within a tier: live first, then shorter names, then name and number. */
const AFTER_RANK = 'length(c.normalised_name), c.normalised_name, c.company_number';
export const WITHIN_TIER = `${STATUS_RANK}, ${AFTER_RANK}`;
/** The same order, written so that PostgreSQL's planner cannot read it from migration 0022's index (a sort). */
export const WITHIN_TIER_SORTED = `${STATUS_RANK} + 0, ${AFTER_RANK}`;

export const notIn = (part: Sql): Sql => ({ text: `not ${part.text}`, params: part.params });

/** What the tail's read needs to know: the match, the filters, the head's size and the part of the tail asked for. */
export interface TailRead {
  match: NameMatch;
  filters: readonly Sql[];
  tailWhere: Where;
  headTotal: number;
  /** Where the page asked for ends, counted from the first match. */
  end: number;
  /** The part of the tail the page shows. */
  page: { offset: number; limit: number };
}

/**
 * The tail's rows of the page. Sorted over every match unless, with no filter, the words are common enough that
 * walking the tier's own index in order finds the page sooner (search/tail-walk.ts, search/tail-walk-postgres.ts).
 */
export async function readTail(
  em: EntityManager,
  tail: TailRead,
  sizing: SearchSizing,
  reads: ReadOptions,
): Promise<SummaryRow[]> {
  const { match, page } = tail;
  const sqlite = dialectOf(em) === 'sqlite';
  const walkable =
    tail.filters.length === 0 && match.walkPatterns !== undefined && match.ftsQuery !== undefined;
  if (sqlite && walkable && (await walkTheTail(em, match, tail.end, sizing, reads))) {
    const walked = where([walkedMatch(match.walkPatterns!, match.ftsQuery!), notIn(match.head)]);
    return readRows<SummaryRow>(
      em,
      `select ${SUMMARY_COLUMNS} from companies c indexed by companies_within_tier ${walked.text} ` +
        `order by ${WITHIN_TIER} limit ? offset ?`,
      [...walked.params, page.limit, page.offset],
      reads,
    );
  }
  if (!sqlite && walkable) {
    const walked = await walkTheTailPostgres(em, tail, sizing, reads);
    // Short of the page: the walk read its bound (or the tier is smaller than estimated); the sort is exact.
    if (walked !== undefined && walked.length === page.limit) return summariesOf(em, walked, reads);
  }
  // PostgreSQL's planner would walk migration 0022's index on its own, misjudging how far (tail-walk-postgres.ts).
  const order = sqlite ? WITHIN_TIER : WITHIN_TIER_SORTED;
  return readRows<SummaryRow>(
    em,
    `select ${SUMMARY_COLUMNS} from companies c ${tail.tailWhere.text} order by ${order} limit ? offset ?`,
    [...tail.tailWhere.params, page.limit, page.offset],
    reads,
  );
}

/**
 * SQLite, no filter: whether the full-text tier is read by walking the index in its order (search/tail-walk.ts):
 * when LIKE can test the words and they are in enough names. The names are counted only up to that many.
 */
async function walkTheTail(
  em: EntityManager,
  match: NameMatch,
  end: number,
  sizing: SearchSizing,
  reads: ReadOptions,
): Promise<boolean> {
  const threshold = sizing.walkAt ?? denseThreshold(end, await registerSizeEstimate(em));
  const index = match.fullTextIndex!;
  const [counted] = await readRows<{ matches: number }>(
    em,
    `select count(*) as matches from (${matchedKeysSql(index)} limit ?)`,
    [index.query, threshold],
    reads,
  );
  return Number(counted!.matches) >= threshold;
}

/**
 * PostgreSQL, no filter: the page's numbers from a walk of the tier in order, when the words' statistics say the
 * tier (their matches less the head, whose size is known here) holds enough names; undefined when they do not, or
 * when the register has not been analysed yet (no statistics to go by).
 */
async function walkTheTailPostgres(
  em: EntityManager,
  tail: TailRead,
  sizing: SearchSizing,
  reads: ReadOptions,
): Promise<string[] | undefined> {
  const stats = await wordShares(em);
  if (stats === undefined) return undefined;
  const threshold = sizing.walkAt ?? denseThreshold(tail.end, stats.companies);
  const tierMatches = estimatedShare(tail.match.ftsQuery!, stats) * stats.companies - tail.headTotal;
  if (tierMatches < threshold) return undefined;
  const bound = sizing.walkEntries ?? walkBound(tierMatches, threshold);
  const walk = walkStatement(tail.match.walkPatterns!, tail.match.ftsQuery!, tail.match.head, {
    bound,
    ...tail.page,
  });
  const rows = await readRows<{ company_number: string }>(em, walk.text, walk.params, reads);
  return rows.map((row) => row.company_number);
}
