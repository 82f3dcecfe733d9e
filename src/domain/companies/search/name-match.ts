import type { EntityManager } from '@mikro-orm/core';
import { fullTextWords, legalFormVariants, normaliseCompanyName } from '../company-name';
import { normaliseCompanyNumber } from '../company-number';
import { invalidArgument, nextPrefix, type Sql } from '../register-filters';
import { placeholders, type RegisterDialect } from '../register-sql';
import { allOf, FTS5_SYNTAX, fullTextWordsOf, TSQUERY_SYNTAX, type FullTextWord } from './full-text-terms';
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
  /** SQLite: the FTS5 query of `fullText`, to read the index alone (search-companies.ts counts the tail so). */
  ftsQuery: string | undefined;
  /** SQLite: LIKE patterns that test `fullText` on a name, when they agree with it (search/tail-walk.ts). */
  walkPatterns: string[] | undefined;
  /** SQLite: `ftsQuery` word by word, so a search can match its rarer words first (search/common-words.ts). */
  fullTextWords: FullTextWord[] | undefined;
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
  let fullText: { sql: Sql; words: FullTextWord[] } | undefined;
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
    ftsQuery: fullText && dialect === 'sqlite' ? (fullText.sql.params[0] as string) : undefined,
    walkPatterns: fullText && dialect === 'sqlite' ? walk : undefined,
    fullTextWords: fullText && dialect === 'sqlite' ? fullText.words : undefined,
  };
}

/**
 * Every word but legal forms (the index leaves them out: see fullTextWords), so "widgets acme" finds ACME WIDGETS
 * LIMITED; words of MIN_PREFIX_WORD characters or more also as word prefixes.
 */
async function fullTextSql(
  em: EntityManager,
  normalisedWords: readonly string[],
  dialect: RegisterDialect,
): Promise<{ sql: Sql; words: FullTextWord[] } | undefined> {
  const postgres = dialect === 'postgresql';
  const syntax = postgres ? TSQUERY_SYNTAX : FTS5_SYNTAX;
  const words = await fullTextWordsOf(em, normalisedWords, syntax);
  if (words === undefined) return undefined;
  const query = allOf(words, syntax);
  if (postgres) return { sql: { text: "c.name_search @@ to_tsquery('simple', ?)", params: [query] }, words };
  return {
    sql: {
      text: 'c.company_number in (select f.company_number from companies_fts f where companies_fts match ?)',
      params: [query],
    },
    words,
  };
}
