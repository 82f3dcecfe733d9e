import { LEGAL_FORMS } from '../company-name';
import type { Sql } from '../register-filters';
import { MIN_PREFIX_WORD } from './full-text-terms';

/*
 * A common word's full-text tier read in order (SQLite). Sorting every name that holds "holdings" (295,000 on 1M)
 * to show twenty costs 0.4–0.6 s; walking migration 0021's index, which holds the tier's own order, and keeping
 * the names that hold the words costs a few ms when the words are common, since the page fills within the first
 * entries. The test is made on the index entry's name, with LIKE, so no table row and no full-text lookup is read
 * for a name that is passed over.
 *
 * LIKE agrees with the full-text match only where the index's tokenizer and the name's words agree: names of
 * ASCII letters, digits and single spaces (every normalised ASCII name), query words of ASCII letters and digits,
 * and no query word that could stand for a legal form, which the index leaves out (LIM* would match LIMITED by
 * LIKE, not by the index). A name with any other character is tested by the full-text match itself.
 */

const ASCII_WORD = /^[A-Z0-9]+$/;

/**
 * LIKE patterns, one a word, over `' ' || normalised_name || ' '`: a short word whole, a longer one as a word
 * prefix, as the full-text query reads them (full-text-terms.ts). Undefined when LIKE could disagree with the index.
 */
export function walkPatterns(words: readonly string[]): string[] | undefined {
  if (words.length === 0) return undefined;
  const patterns: string[] = [];
  for (const word of words) {
    if (!ASCII_WORD.test(word)) return undefined;
    if (word.length < MIN_PREFIX_WORD) patterns.push(`% ${word} %`);
    else if (LEGAL_FORMS.some((form) => form.startsWith(word))) return undefined;
    else patterns.push(`% ${word}%`);
  }
  return patterns;
}

/** The full-text tier's condition as the walk tests it: LIKE on ASCII names, the index's match on any other. */
export function walkedMatch(patterns: readonly string[], ftsQuery: string): Sql {
  const likes = patterns.map(() => `' ' || c.normalised_name || ' ' like ?`).join(' and ');
  return {
    text:
      `(case when c.normalised_name glob '*[^ -~]*' then c.company_number in ` +
      `(select f.company_number from companies_fts f where companies_fts match ?) else (${likes}) end)`,
    params: [ftsQuery, ...patterns],
  };
}

/**
 * How many full-text matches make the walk the cheaper read. The walk reads about end × register ÷ matches index
 * entries (a LIKE each), the sort every match (a full-text hit, a table read, a sort); measured on 1M, the sort
 * cost 20–100× the walk for words in 7,000–295,000 names. Taking the two as equal per row: walk when matches ≥
 * √(end × register), which is also where a count of the matches can stop.
 */
export function denseThreshold(end: number, registerSize: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(end * registerSize)));
}
