import type { EntityManager } from '@mikro-orm/core';
import { readRows } from '../../db/read-query';
import { companyStatusSchema } from './company-profile';
import type { CompanySummary } from './company-summary';
import { invalidArgument, postcodeFilterSql, sicCodeFilterSql, type Sql } from './register-filters';
import { dialectOf } from './register-sql';
import { nameMatch, type NameMatch } from './search/name-match';
import type { CompanySearchQuery, SearchSizing } from './search/search-query';
import { numbersMatched, searchSize, SMALL_SEARCH_MATCHES } from './search/search-size';
import { countFtsTail, countTailPostgres } from './search/tail-count';
import { notIn, readTail, WITHIN_TIER } from './search/tail-read';
import { count, params, where } from './search/register-reads';
import { isSicCodeOnly, sicCodeOnly } from './search/sic-code-only';
import { STATUS_RANK, statusRank } from './search/status-rank';
import { SUMMARY_COLUMNS, summariesOf, toSummary, type SummaryRow } from './search/summary-rows';

export type { CompanySearchQuery, SearchSizing } from './search/search-query';

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
      ? await searchSize(em, where([found.head]), found.fullTextIndex, sizing.smallSearchMatches)
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
    if (sqlite && filters.length === 0 && match.fullTextIndex !== undefined)
      tailTotal = await countFtsTail(em, headWhere, match.fullTextIndex, left, reads);
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
  return { ...match, fullText, ftsQuery: undefined, fullTextIndex: undefined, walkPatterns: undefined };
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
