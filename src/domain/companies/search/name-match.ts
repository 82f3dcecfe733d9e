import type { EntityManager } from '@mikro-orm/core';
import { fullTextWords, legalFormVariants, normaliseCompanyName } from '../company-name';
import { normaliseCompanyNumber } from '../company-number';
import { invalidArgument, nextPrefix, type Sql } from '../register-filters';
import { placeholders, type RegisterDialect } from '../register-sql';
import { matchedNumbersSql, type FullTextIndex } from './full-text-index';
import { FTS5_SYNTAX, fullTextQuery, TSQUERY_SYNTAX } from './full-text-terms';
import { pairsQuery } from './name-pairs';
import { walkPatterns } from './tail-walk';

/*
 * What a query matches, split the way the ranking is (see search-companies.ts): the head, tiers 0–3, is a few
 * index lookups (the number, the exact names, one range of the name index); the tail, tier 4, is the full-text
 * match less the head. Each is read on its own, so the head never waits on the full-text index and the tail is
 * read only when the page reaches it.
 */
export interface NameMatch {
  /** Tiers 0–3: any of them. */
  head: Sql;
  /** `case … end`: the tier (0–3) of a row of the head. */
  tier: Sql;
  /** Tier 4 before the head is taken out; undefined when no full-text match is possible. */
  fullText: Sql | undefined;
  /** The words' query: FTS5's in the word index on SQLite, a tsquery on PostgreSQL. */
  ftsQuery: string | undefined;
  /**
   * SQLite: the index `fullText` reads and its query there, to read that index alone (search-size.ts,
   * tail-count.ts): the pair index for several whole words, else the word index with ftsQuery.
   */
  fullTextIndex: FullTextIndex | undefined;
  /** LIKE patterns that test `fullText` on a name, when they agree with it (search/tail-walk.ts). */
  walkPatterns: string[] | undefined;
}

export async function nameMatch(em: EntityManager, q: string, dialect: RegisterDialect): Promise<NameMatch> {
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
  let fullText: FullText | undefined;
  let walk: string[] | undefined;
  if (name !== '') {
    const variants = legalFormVariants(name);
    const upper = nextPrefix(name);
    conditions.push(
      { text: `c.normalised_name in (${placeholders(variants.length)})`, params: variants },
      { text: '(c.normalised_name >= ? and c.normalised_name < ?)', params: [name, upper] },
    );
    tiers.push(
      { text: 'when c.normalised_name = ? then 1', params: [name] },
      { text: `when c.normalised_name in (${placeholders(variants.length)}) then 2`, params: variants },
    );
    const words = fullTextWords(name);
    if (words.length > 0) fullText = await fullTextSql(em, words, dialect);
    walk = walkPatterns(words);
  }
  return {
    head: {
      text: `(${conditions.map((part) => part.text).join(' or ')})`,
      params: conditions.flatMap((part) => part.params),
    },
    tier: {
      text: `case ${tiers.map((part) => part.text).join(' ')} else 3 end`,
      params: tiers.flatMap((part) => part.params),
    },
    fullText: fullText?.sql,
    ftsQuery: fullText?.query,
    fullTextIndex: fullText?.index,
    walkPatterns: fullText ? walk : undefined,
  };
}

interface FullText {
  sql: Sql;
  query: string;
  index: FullTextIndex | undefined;
}

/**
 * Every word but legal forms (the index leaves them out: see fullTextWords), so "widgets acme" finds ACME WIDGETS
 * LIMITED; words of MIN_PREFIX_WORD characters or more also as word prefixes.
 */
async function fullTextSql(
  em: EntityManager,
  words: readonly string[],
  dialect: RegisterDialect,
): Promise<FullText | undefined> {
  const postgres = dialect === 'postgresql';
  const found = await fullTextQuery(em, words, postgres ? TSQUERY_SYNTAX : FTS5_SYNTAX);
  if (found === undefined) return undefined;
  if (postgres) {
    // The pairs are lexemes as they are (a cast, not to_tsquery, which would split them at PAIR_JOIN).
    const pairs = pairsQuery(found.alternatives, TSQUERY_SYNTAX);
    const sql = pairs
      ? { text: 'c.name_pairs @@ ?::tsquery', params: [pairs] }
      : { text: "c.name_search @@ to_tsquery('simple', ?)", params: [found.query] };
    return { sql, query: found.query, index: undefined };
  }
  const pairs = pairsQuery(found.alternatives, FTS5_SYNTAX);
  const index: FullTextIndex = pairs
    ? { table: 'company_name_pairs', query: pairs }
    : { table: 'companies_fts', query: found.query };
  return {
    sql: { text: `c.company_number in (${matchedNumbersSql(index)})`, params: [index.query] },
    query: found.query,
    index,
  };
}
