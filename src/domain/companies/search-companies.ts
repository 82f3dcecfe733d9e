import type { EntityManager } from '@mikro-orm/core';
import { fullTextWords, legalFormVariants, normaliseCompanyName } from './company-name';
import { normaliseCompanyNumber } from './company-number';
import { companyStatusSchema, type CompanyStatus } from './company-profile';
import type { CompanySummary } from './company-summary';
import {
  invalidArgument,
  nextPrefix,
  postcodeFilterSql,
  sicCodeFilterSql,
  type Sql,
} from './register-filters';
import { dialectOf, placeholders, type RegisterDialect } from './register-sql';

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
  total: number;
}

export const SEARCH_MAX_LIMIT = 100;

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
 */

const CLOSED_STATUSES: readonly CompanyStatus[] = ['dissolved', 'converted-closed', 'removed', 'closed'];
const INSOLVENT_STATUSES: readonly CompanyStatus[] = [
  'liquidation',
  'receivership',
  'administration',
  'voluntary-arrangement',
  'insolvency-proceedings',
];
const STATUS_RANK =
  `case when c.company_status = 'active' then 0 ` +
  `when c.company_status in (${INSOLVENT_STATUSES.map((s) => `'${s}'`).join(',')}) then 2 ` +
  `when c.company_status in (${CLOSED_STATUSES.map((s) => `'${s}'`).join(',')}) then 3 else 1 end`;

export async function searchCompanies(
  em: EntityManager,
  query: CompanySearchQuery,
): Promise<CompanySearchResult> {
  checkPaging(query);
  const dialect = dialectOf(em);
  // SQLite's planner, which has no statistics here, drives a filtered name search from the filter's index (a
  // town: tens of thousands of rows, each probed against the name match) rather than from the name match; a unary
  // + keeps it on the name side, several times faster. PostgreSQL's planner has statistics and needs no hint.
  const filters = filterSql(query, dialect === 'sqlite' && query.q !== undefined ? '+' : '');
  const match = query.q === undefined ? undefined : matchSql(query.q, dialect);
  const where = [...filters, ...(match ? [match.where] : [])];
  const whereText = where.length === 0 ? '' : `where ${where.map((part) => part.text).join(' and ')}`;
  const whereParams = where.flatMap((part) => part.params);

  const order = match
    ? `${match.tier.text}, ${STATUS_RANK}, length(c.normalised_name), c.normalised_name, c.company_number`
    : `${STATUS_RANK}, c.normalised_name, c.company_number`;
  const connection = em.getConnection();
  const rows: SummaryRow[] = await connection.execute(
    'select c.company_number, c.company_name, c.company_status, c.type, c.date_of_creation, c.locality, ' +
      `c.postal_code, c.sic_codes from companies c ${whereText} order by ${order} limit ? offset ?`,
    [...whereParams, ...(match ? match.tier.params : []), query.limit, query.offset],
  );
  // A first page that is not full holds every match: no need to count them.
  let total = rows.length;
  if (query.offset > 0 || rows.length === query.limit) {
    const counted: { total: number | string }[] = await connection.execute(
      `select count(*) as total from companies c ${whereText}`,
      whereParams,
    );
    total = Number(counted[0]!.total);
  }
  return { items: rows.map(toSummary), total };
}

/** The register columns a company summary is read from, as a raw query returns them. */
export interface SummaryRow {
  company_number: string;
  company_name: string;
  company_status: CompanySummary['company_status'];
  type: CompanySummary['type'];
  date_of_creation: string | null;
  locality: string | null;
  postal_code: string | null;
  sic_codes: string;
}

export function toSummary(row: SummaryRow): CompanySummary {
  return {
    company_number: row.company_number,
    company_name: row.company_name,
    company_status: row.company_status,
    type: row.type,
    date_of_creation: row.date_of_creation,
    registered_office_address: { locality: row.locality, postal_code: row.postal_code },
    sic_codes: JSON.parse(row.sic_codes) as string[],
  };
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
    parts.push({ text: 'c.company_status = ?', params: [status.data] });
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

function matchSql(q: string, dialect: RegisterDialect): { where: Sql; tier: Sql } {
  const number = normaliseCompanyNumber(q.replace(/\s+/g, ''));
  const name = normaliseCompanyName(q);
  if (name === '' && !number.ok)
    throw invalidArgument('q', 'give a company name (some words of it) or a number');

  const conditions: Sql[] = [];
  const tiers: Sql[] = [];
  if (number.ok) {
    conditions.push({ text: 'c.company_number = ?', params: [number.companyNumber] });
    tiers.push({ text: 'when c.company_number = ? then 0', params: [number.companyNumber] });
  }
  if (name !== '') {
    const variants = legalFormVariants(name);
    const upper = nextPrefix(name);
    conditions.push(
      { text: `c.normalised_name in (${placeholders(variants.length)})`, params: variants },
      { text: '(c.normalised_name >= ? and c.normalised_name < ?)', params: [name, upper] },
    );
    const words = fullTextWords(name);
    if (words.length > 0) conditions.push(fullTextSql(words, dialect));
    tiers.push(
      { text: 'when c.normalised_name = ? then 1', params: [name] },
      { text: `when c.normalised_name in (${placeholders(variants.length)}) then 2`, params: variants },
      { text: 'when c.normalised_name >= ? and c.normalised_name < ? then 3', params: [name, upper] },
    );
  }
  return {
    where: {
      text: `(${conditions.map((part) => part.text).join(' or ')})`,
      params: conditions.flatMap((part) => part.params),
    },
    tier: {
      text: `case ${tiers.map((part) => part.text).join(' ')} else 4 end`,
      params: tiers.flatMap((part) => part.params),
    },
  };
}

/**
 * Every word but legal forms (the index leaves them out: see fullTextWords), so "widgets acme" finds ACME WIDGETS
 * LIMITED. Words of three characters or more also match as word prefixes ("acme wid"); shorter ones only whole:
 * a one- or two-letter prefix matches a large part of the register, and expanding it costs more than the answer is
 * worth. Words are letters and digits only after normalisation, so they need no escaping in either query language.
 */
export const MIN_PREFIX_WORD = 3;

function fullTextSql(words: readonly string[], dialect: RegisterDialect): Sql {
  const prefix = (word: string) => word.length >= MIN_PREFIX_WORD;
  if (dialect === 'postgresql') {
    return {
      text: "c.name_search @@ to_tsquery('simple', ?)",
      params: [words.map((word) => `'${word.toLowerCase()}'${prefix(word) ? ':*' : ''}`).join(' & ')],
    };
  }
  return {
    text: 'c.company_number in (select f.company_number from companies_fts f where companies_fts match ?)',
    params: [words.map((word) => `"${word}"${prefix(word) ? '*' : ''}`).join(' ')],
  };
}
