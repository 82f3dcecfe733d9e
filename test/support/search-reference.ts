import type { EntityManager } from '@mikro-orm/core';
import {
  fullTextWords,
  legalFormVariants,
  normaliseCompanyName,
} from '../../src/domain/companies/company-name';
import { normaliseCompanyNumber } from '../../src/domain/companies/company-number';
import {
  nextPrefix,
  postcodeFilterSql,
  sicCodeFilterSql,
  type Sql,
} from '../../src/domain/companies/register-filters';
import { dialectOf, placeholders } from '../../src/domain/companies/register-sql';
import type { CompanySearchQuery } from '../../src/domain/companies/search-companies';
import { STATUS_RANK } from '../../src/domain/companies/search/status-rank';

/*
 * search_companies as one statement, the way it was read before issue 15: every match of every tier, sorted by
 * tier and the within-tier order, then paged; the total by count(*) over the same condition; every word of three
 * letters or more as an FTS5 prefix term. Slow at register size, plainly right: the oracle the tiered search is
 * compared with (test/integration/register-search-tiers.test.ts) and the "old" side of bench/search.ts. Takes
 * valid arguments only.
 */
export function referenceSearchSql(
  query: CompanySearchQuery,
  dialect: 'sqlite' | 'postgresql',
): { page: Sql; count: Sql } {
  const filters: Sql[] = [];
  if (query.status !== undefined)
    filters.push({ text: 'c.company_status = ?', params: [query.status.trim().toLowerCase()] });
  if (query.sicCode !== undefined) filters.push(sicCodeFilterSql(query.sicCode));
  if (query.postcode !== undefined) filters.push(postcodeFilterSql(query.postcode));
  if (query.town !== undefined)
    filters.push({ text: 'c.locality_key = ?', params: [query.town.trim().toUpperCase()] });
  const conditions: Sql[] = [];
  const tiers: Sql[] = [];
  if (query.q !== undefined) {
    const number = normaliseCompanyNumber(query.q.replace(/\s+/g, ''));
    const name = normaliseCompanyName(query.q);
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
      if (words.length > 0) conditions.push(referenceFullText(words, dialect));
      tiers.push(
        { text: 'when c.normalised_name = ? then 1', params: [name] },
        { text: `when c.normalised_name in (${placeholders(variants.length)}) then 2`, params: variants },
        { text: 'when c.normalised_name >= ? and c.normalised_name < ? then 3', params: [name, upper] },
      );
    }
    filters.push({
      text: `(${conditions.map((c) => c.text).join(' or ')})`,
      params: conditions.flatMap((c) => c.params),
    });
  }
  const where = filters.length === 0 ? '' : `where ${filters.map((f) => f.text).join(' and ')}`;
  const params = filters.flatMap((f) => f.params);
  const order =
    query.q === undefined
      ? `${STATUS_RANK}, c.normalised_name, c.company_number`
      : `case ${tiers.map((t) => t.text).join(' ')} else 4 end, ${STATUS_RANK}, ` +
        'length(c.normalised_name), c.normalised_name, c.company_number';
  return {
    page: {
      text: `select c.company_number from companies c ${where} order by ${order} limit ? offset ?`,
      params: [...params, ...tiers.flatMap((t) => t.params), query.limit, query.offset],
    },
    count: { text: `select count(*) as total from companies c ${where}`, params },
  };
}

function referenceFullText(words: readonly string[], dialect: 'sqlite' | 'postgresql'): Sql {
  const prefix = (word: string) => word.length >= 3;
  if (dialect === 'postgresql')
    return {
      text: "c.name_search @@ to_tsquery('simple', ?)",
      params: [words.map((w) => `'${w.toLowerCase()}'${prefix(w) ? ':*' : ''}`).join(' & ')],
    };
  return {
    text: 'c.company_number in (select f.company_number from companies_fts f where companies_fts match ?)',
    params: [words.map((w) => `"${w}"${prefix(w) ? '*' : ''}`).join(' ')],
  };
}

/** The reference answer: the page's company numbers and the total. */
export async function referenceSearch(
  em: EntityManager,
  query: CompanySearchQuery,
): Promise<{ numbers: string[]; total: number }> {
  const sql = referenceSearchSql(query, dialectOf(em));
  const connection = em.getConnection();
  const rows: { company_number: string }[] = await connection.execute(sql.page.text, sql.page.params);
  const counted: { total: number | string }[] = await connection.execute(sql.count.text, sql.count.params);
  return { numbers: rows.map((row) => row.company_number), total: Number(counted[0]!.total) };
}
