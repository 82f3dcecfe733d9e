import type { EntityManager } from '@mikro-orm/core';
import { readRows, type ReadParam } from '../../../db/read-query';
import { nextPrefix } from '../register-filters';

/*
 * FTS5 answers a prefix term ("ACORN"*) by reading the whole doclist of every term with that prefix into memory,
 * however few rows the other words leave; a whole term is read incrementally, skipping to the rows the other
 * terms match. Measured on 1M companies: a three-word name as prefixes, median 28–35 ms; as whole words, 2.2 ms.
 * PostgreSQL's GIN index does the same with a prefix (:*): it gathers every matching entry's postings first.
 * So each prefix word is first expanded to the words of the register it can stand for (company_name_terms, the
 * words the full-text index has ever held, kept by the importer) and matched as those whole words, OR-ed: the
 * same rows, read the cheap way. A prefix that stands for many words stays a prefix term.
 */

/** Beyond this many words a prefix stays a prefix: an OR of hundreds of terms costs more than the prefix. */
export const MAX_PREFIX_EXPANSION = 16;

/**
 * Words of three characters or more also match as word prefixes ("acme wid"); shorter ones only whole: a one- or
 * two-letter prefix matches a large part of the register, and expanding it costs more than the answer is worth.
 */
export const MIN_PREFIX_WORD = 3;

/** How one database's full-text query language writes a term, a prefix, AND and OR. */
export interface FullTextSyntax {
  term(word: string): string;
  prefix(word: string): string;
  and: string;
  or: string;
}

// Words are letters and digits only after normalisation, so they need no escaping in either query language.
export const FTS5_SYNTAX: FullTextSyntax = {
  term: (word) => `"${word}"`,
  prefix: (word) => `"${word}"*`,
  and: ' AND ',
  or: ' OR ',
};
export const TSQUERY_SYNTAX: FullTextSyntax = {
  term: (word) => `'${word.toLowerCase()}'`,
  prefix: (word) => `'${word.toLowerCase()}':*`,
  and: ' & ',
  or: ' | ',
};
const ASCII_WORD = /^[A-Z0-9]+$/;

/** A name search's full-text query, and what each of its words stands for. */
export interface FullTextQuery {
  query: string;
  /** Each word's whole words, ORed in the query; undefined for a word matched as a prefix (name-pairs.ts). */
  alternatives: (readonly string[] | undefined)[];
}

/**
 * The full-text query for `words` (normalised, legal forms removed): every word must match, each as a word prefix
 * when it is long enough. Undefined when some word is the start of no word on the register: nothing can match.
 */
export async function fullTextQuery(
  em: EntityManager,
  words: readonly string[],
  syntax: FullTextSyntax,
): Promise<FullTextQuery | undefined> {
  // The terms table holds words as FTS5 folds them (lower case). For ASCII that is all there is; a word with
  // other letters is left to FTS5's own prefix matching, so the tokenizer's folding is never second-guessed.
  const expandable = [...new Set(words.filter((w) => w.length >= MIN_PREFIX_WORD && ASCII_WORD.test(w)))];
  const expansions = await expandPrefixes(em, expandable);
  const { term, prefix } = syntax;
  const parts: string[] = [];
  const alternatives: (readonly string[] | undefined)[] = [];
  for (const word of words) {
    const found = expansions.get(word);
    if (found?.length === 0) return undefined;
    if (word.length < MIN_PREFIX_WORD) {
      parts.push(term(word));
      alternatives.push([word]);
    } else if (found === undefined || found.length > MAX_PREFIX_EXPANSION) {
      parts.push(prefix(word));
      alternatives.push(undefined);
    } else {
      parts.push(found.length === 1 ? term(found[0]!) : `(${found.map(term).join(syntax.or)})`);
      alternatives.push(found);
    }
  }
  return { query: parts.join(syntax.and), alternatives };
}

/** For each word, the register's words starting with it, up to one more than MAX_PREFIX_EXPANSION. */
async function expandPrefixes(em: EntityManager, words: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(words.map((word) => [word, []]));
  if (words.length === 0) return found;
  // One statement for all the words; its text depends only on how many there are.
  const one =
    'select * from (select cast(? as text) as word, t.term from company_name_terms t ' +
    `where t.term >= ? and t.term < ? order by t.term limit ${MAX_PREFIX_EXPANSION + 1}) as expansion`;
  const params: ReadParam[] = [];
  for (const word of words) {
    const lower = word.toLowerCase();
    params.push(word, lower, nextPrefix(lower));
  }
  // At most MAX_PREFIX_EXPANSION + 1 rows a word, each from the table's key: a point read, run at once (on SQLite
  // inline), so a search never waits for its words behind other searches.
  const rows = await readRows<{ word: string; term: string }>(
    em,
    words.map(() => one).join(' union all '),
    params,
    { pointRead: true },
  );
  for (const row of rows) found.get(row.word)!.push(row.term);
  return found;
}
