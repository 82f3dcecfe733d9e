import type { EntityManager } from '@mikro-orm/core';
import { readRows, type ReadOptions } from '../../db/read-query';
import { companyNumberKey } from './company-number';
import { companyStatusSchema } from './company-profile';
import type { CompanySummary } from './company-summary';
import { invalidArgument, postcodeFilterSql, sicCodeFilterSql, type Sql } from './register-filters';
import { dialectOf } from './register-sql';
import { nameMatch, type NameMatch } from './search/name-match';
import { numbersMatched, searchSize, SMALL_SEARCH_MATCHES } from './search/search-size';
import { denseThreshold, walkedMatch } from './search/tail-walk';
import { walkBound, walkStatement } from './search/tail-walk-postgres';
import { estimatedShare, wordShares } from './search/word-shares-postgres';
import { count, params, registerSizeEstimate, where, type Where } from './search/register-reads';
import { isSicCodeOnly, sicCodeOnly } from './search/sic-code-only';
import { STATUS_RANK, statusRank } from './search/status-rank';
import { SUMMARY_COLUMNS, summariesOf, toSummary, type SummaryRow } from './search/summary-rows';

export interface CompanySearchQuery {
  /** Name words or a company number. */
  q?: string;
  status?: string;
  sicCode?: string;
  /** A full postcode, an outward code or a sector; space and case do not matter. */
  postcode?: string;
  /** The registered office's post town, case-insensitive. */
  town?: string;
  limit: number;
  offset: number;
}

export interface CompanySearchResult {
  items: CompanySummary[];
  /** Every match when `totalExact`; otherwise a floor: counting stopped there (see countStop). */
  total: number;
  totalExact: boolean;
}

export const SEARCH_MAX_LIMIT = 100;

/**
 * Counting stops past this many matches. An exact count reads every match (a common word: 1.6 million names at
 * 5.5M, seconds of a read thread), and no page past the 10,000th match can be asked for (offset is at most 10,000),
 * so a larger exact figure would cost the most for the answer that is least used.
 */
export const SEARCH_COUNT_STOP = 10_000;

/** Where a count stops for a page ending at `end`: never before the page's end, so next_offset stays exact. */
const countStop = (sizing: SearchSizing, end: number): number => Math.max(sizing.countStop, end);

/*
 * Ranking (docs/register.md): a query is read both as a company number and as a name, and each match falls in
 * the first tier it qualifies for:
 *   0  the company number itself
 *   1  the exact normalised name (so "Acme Ltd" finds ACME LIMITED)
 *   2  the same name with another legal form, or none ("Acme" finds ACME LIMITED and ACME LLP)
 *   3  names starting with the query
 *   4  names holding every query word, each possibly as a word prefix (full-text index)
 * Within a tier: live companies first, then closed ones (dissolved, removed…); then shorter names, which differ
 * from the query by fewer words; then name and number, so the order is total and the same on every run. Without a
 * query, filters alone: live first, then by name.
 *
 * How it is read (issue 15): tiers 0–3 (the head: index lookups) and tier 4 (the tail: the full-text match less
 * the head) are two queries. The head is read up to the end of the page asked for; the tail only when the page
 * reaches past the head, at the offset that remains. Totals come from the same two parts, counted only when the
 * page does not already show them. A common word's tail is walked in order rather than sorted
 * (search/tail-walk.ts, search/tail-walk-postgres.ts).
 */

const AFTER_RANK = 'length(c.normalised_name), c.normalised_name, c.company_number';
export const WITHIN_TIER = `${STATUS_RANK}, ${AFTER_RANK}`;
/** The same order, written so that PostgreSQL's planner cannot read it from migration 0022's index (a sort). */
export const WITHIN_TIER_SORTED = `${STATUS_RANK} + 0, ${AFTER_RANK}`;

/** The bounds a search reads by; tests vary them to read every way. */
export interface SearchSizing {
  /** Below this a search is small (search/search-size.ts). */
  smallSearchMatches: number;
  /** Counting stops past this many matches (SEARCH_COUNT_STOP). */
  countStop: number;
  /** Full-text matches from which the tier is walked, not sorted; by default from the register's size. */
  walkAt?: number;
  /** PostgreSQL: the index entries a walk may read before the tier is sorted instead (by default walkBound's). */
  walkEntries?: number;
}

export async function searchCompanies(
  em: EntityManager,
  query: CompanySearchQuery,
  bounds: Partial<SearchSizing> = {},
): Promise<CompanySearchResult> {
  const sizing = { smallSearchMatches: SMALL_SEARCH_MATCHES, countStop: SEARCH_COUNT_STOP, ...bounds };
  checkPaging(query);
  const dialect = dialectOf(em);
  // SQLite's planner, which has no statistics here, drives a filtered name search from the filter's index (a
  // town: tens of thousands of rows, each probed against the name match) rather than from the name match; a unary
  // + keeps it on the name side, several times faster. PostgreSQL's planner has statistics and needs no hint.
  const filters = filterSql(query, dialect === 'sqlite' && query.q !== undefined ? '+' : '');
  if (query.q === undefined) {
    if (dialect === 'sqlite' && isSicCodeOnly(query)) {
      const { rows, total } = await sicCodeOnly(em, query);
      // The code's index counted it whole, but the answer says what every search says (and PostgreSQL's would).
      return counted(rows, total, countStop(sizing, query.offset + query.limit));
    }
    return filterOnly(em, query, filters, sizing);
  }
  return byName(em, query, filters, await nameMatch(em, query.q, dialect), sizing);
}

async function byName(
  em: EntityManager,
  query: CompanySearchQuery,
  filters: readonly Sql[],
  found: NameMatch,
  sizing: SearchSizing,
): Promise<CompanySearchResult> {
  const headWhere = where([...filters, found.head]);
  const end = query.offset + query.limit;
  // SQLite: a search small in both parts may send its reads ahead of common words', and a small full-text part
  // is read once, here, not matched again for the tail (search/search-size.ts).
  const size =
    dialectOf(em) === 'sqlite'
      ? await searchSize(em, where([found.head]), found.ftsQuery, sizing.smallSearchMatches)
      : undefined;
  const reads = size?.reads ?? {};
  const match = size?.fullTextNumbers ? withNumbersMatched(found, size.fullTextNumbers) : found;
  // Numbers first, in order, from the name index alone (it holds the status the order needs); then the rows of
  // the page only. Sorting rows read from the table cost a table read per name in the range (a common word).
  const head = await readRows<{ company_number: string }>(
    em,
    `select c.company_number from companies c ${headWhere.text} ` +
      `order by ${match.tier.text}, ${WITHIN_TIER} limit ?`,
    [...headWhere.params, ...params(match.tier), end],
    reads,
  );
  const rows = await summariesOf(
    em,
    head.slice(query.offset).map((row) => row.company_number),
    reads,
  );
  // Known exactly when the head ended before the page did.
  let headTotal = head.length < end ? head.length : undefined;

  const tailWhere = match.fullText ? where([...filters, match.fullText, notIn(match.head)]) : undefined;
  let tailTotal = tailWhere ? undefined : 0;
  if (tailWhere && rows.length < query.limit) {
    // The page reaches past the head, so headTotal is known: the tail starts at what remains of the offset.
    const page = { offset: Math.max(0, query.offset - headTotal!), limit: query.limit - rows.length };
    const tail = await readTail(
      em,
      { match, filters, tailWhere, headTotal: headTotal!, end, page },
      sizing,
      reads,
    );
    rows.push(...tail);
    if (tail.length < page.limit && (tail.length > 0 || page.offset === 0))
      tailTotal = page.offset + tail.length;
  }
  // A first page that is not full holds every match: no need to count them.
  if (query.offset === 0 && rows.length < query.limit)
    return { items: rows.map(toSummary), total: rows.length, totalExact: true };
  const stop = countStop(sizing, end);
  headTotal ??= await count(em, headWhere, stop + 1, reads);
  if (headTotal <= stop && tailTotal === undefined) {
    const left = stop + 1 - headTotal;
    const sqlite = dialectOf(em) === 'sqlite';
    if (sqlite && filters.length === 0 && match.ftsQuery !== undefined)
      tailTotal = await countFtsTail(em, headWhere, match.ftsQuery, left, reads);
    else if (sqlite) tailTotal = await count(em, tailWhere!, left, reads);
    // PostgreSQL: see countTailPostgres; a head this large is where the planner's guess goes wrong.
    else if (headTotal > left)
      tailTotal = await countTailPostgres(em, where([...filters, match.fullText!]), match.head, left);
    else tailTotal = await count(em, tailWhere!, left, reads);
  }
  return counted(rows, headTotal + (tailTotal ?? 0), stop);
}

/** The page with its total, stopped at `stop` when more were counted. */
function counted(rows: readonly SummaryRow[], total: number, stop: number): CompanySearchResult {
  const totalExact = total <= stop;
  return { items: rows.map(toSummary), total: totalExact ? total : stop, totalExact };
}

/** The match with its full-text part read from numbers already taken; none at all when there are none. */
function withNumbersMatched(match: NameMatch, numbers: readonly string[]): NameMatch {
  const fullText = numbers.length > 0 ? numbersMatched(numbers) : undefined;
  return { ...match, fullText, ftsQuery: undefined, walkPatterns: undefined };
}

const notIn = (part: Sql): Sql => ({ text: `not ${part.text}`, params: part.params });

/** What the tail's read needs to know: the match, the filters, the head's size and the part of the tail asked for. */
interface TailRead {
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
async function readTail(
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
  const [counted] = await readRows<{ matches: number }>(
    em,
    'select count(*) as matches from (select 1 from companies_fts where companies_fts match ? limit ?)',
    [match.ftsQuery!, threshold],
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

async function filterOnly(
  em: EntityManager,
  query: CompanySearchQuery,
  filters: readonly Sql[],
  sizing: SearchSizing,
): Promise<CompanySearchResult> {
  const all = where(filters);
  // Live first, then by name: the indexes of migration 0018 hold that order under a town or a status, so the
  // page is read from an index in order rather than by sorting every match. A status fixes the rank: say so, for
  // the planner, which cannot see it through the rank's expression.
  const order = query.status === undefined ? `${STATUS_RANK}, ` : '';
  const rows = await readRows<SummaryRow>(
    em,
    `select ${SUMMARY_COLUMNS} from companies c ${all.text} ` +
      `order by ${order}c.normalised_name, c.company_number limit ? offset ?`,
    [...all.params, query.limit, query.offset],
  );
  if (query.offset === 0 && rows.length < query.limit)
    return { items: rows.map(toSummary), total: rows.length, totalExact: true };
  const stop = countStop(sizing, query.offset + query.limit);
  return counted(rows, await count(em, all, stop + 1), stop);
}

/**
 * SQLite, no filter: the tail's size as the full-text match less the head rows in it, read from the FTS index
 * (rowids only) and the name index (numbers only), intersected here. Counting the tail in SQL joined every match
 * to its company row to test the head condition: 60–90 ms for a common word on 1M. The FTS rowid is the company
 * number's key (companyNumberKey, the importer's), so no content is read. Counts `atMost` tail rows and stops
 * (the head holds fewer than the stop, so reading that many more matches is enough to pass it).
 */
async function countFtsTail(
  em: EntityManager,
  headWhere: Where,
  ftsQuery: string,
  atMost: number,
  reads: ReadOptions,
): Promise<number> {
  const head = await readRows<{ company_number: string }>(
    em,
    `select c.company_number from companies c ${headWhere.text}`,
    headWhere.params,
    reads,
  );
  const matched = await readRows<{ key: number }>(
    em,
    'select rowid as key from companies_fts where companies_fts match ? limit ?',
    [ftsQuery, atMost + head.length],
    reads,
  );
  const keys = new Set(matched.map((row) => row.key));
  let headInMatch = 0;
  for (const row of head) if (keys.has(companyNumberKey(row.company_number))) headInMatch++;
  return matched.length - headInMatch;
}

/**
 * PostgreSQL: the tail counted up to `atMost`, the full-text match planned apart from the head's exclusion. In one
 * statement the planner, told that a few rows will do and not seeing that the head holds most of a word's matches,
 * scanned the whole table for them: "crescent", whose 9,990 names nearly all start with it, 418 ms on 1M for a
 * count that found none. A materialised CTE is planned for all its rows (the full-text index), and still read
 * only as far as the count needs: 46 ms. (An `offset 0` subquery was not enough: the limit reached into it.) Used
 * only when the head is larger than what is left to count: when it is small, the planner's guess holds, and its
 * early-stopping scan is the faster read ("holdings", 295,000 names: 26 ms in all, 76 ms with the CTE).
 */
async function countTailPostgres(
  em: EntityManager,
  matched: Where,
  head: Sql,
  atMost: number,
): Promise<number> {
  const rows = await readRows<{ total: number | string }>(
    em,
    'with matched as materialized (select c.company_number, c.normalised_name from companies c ' +
      `${matched.text}) select count(*) as total from (select 1 from matched c where not ${head.text} limit ?) as m`,
    [...matched.params, ...params(head), atMost],
  );
  return Number(rows[0]!.total);
}

function checkPaging(query: CompanySearchQuery): void {
  if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > SEARCH_MAX_LIMIT)
    throw invalidArgument('limit', `must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`);
  if (!Number.isInteger(query.offset) || query.offset < 0)
    throw invalidArgument('offset', 'must be a whole number, 0 or more');
}

function filterSql(query: CompanySearchQuery, noIndex: '' | '+'): Sql[] {
  const parts: Sql[] = [];
  if (query.status !== undefined) {
    const status = companyStatusSchema.safeParse(query.status.trim().toLowerCase());
    if (!status.success)
      throw invalidArgument(
        'status',
        `unknown status "${query.status}"; one of ${companyStatusSchema.options.join(', ')}`,
      );
    parts.push({ text: `${noIndex}c.company_status = ?`, params: [status.data] });
    // Implied by the status; stated so that an index keyed by rank (the town's) can serve the order.
    if (noIndex === '') parts.push({ text: `${STATUS_RANK} = ?`, params: [statusRank(status.data)] });
  }
  if (query.sicCode !== undefined) parts.push(sicCodeFilterSql(query.sicCode, noIndex));
  if (query.postcode !== undefined) parts.push(postcodeFilterSql(query.postcode, noIndex));
  if (query.town !== undefined) {
    const town = query.town.trim().toUpperCase();
    if (town === '') throw invalidArgument('town', 'must not be empty');
    parts.push({ text: `${noIndex}c.locality_key = ?`, params: [town] });
  }
  return parts;
}
