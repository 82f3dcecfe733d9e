import type { FullTextSyntax } from './full-text-terms';

/*
 * The pair index: every two words of a name as one term, so that a name search of several words matches them in
 * one short list instead of intersecting each word's long one. FTS5 intersects an AND of terms by stepping
 * through every term's list of names: three words each in 12,800 of 1M generated names cost 1.7 ms, most of a
 * name search, though one or two names hold all three. The names holding both ACORN and GREEN are the list of the
 * one term ACORN_GREEN, a few hundred names at most; ANDing the pairs of a chain of the query's words (ACORN_GREEN,
 * GREEN_HOLDINGS) names exactly the names holding every word, in 0.08–0.13 ms on that register
 * (docs/performance.md). On SQLite migration 0023 builds the index (company_name_pairs, keyed like companies_fts
 * by the company number's key) and the importer keeps it with the names; on PostgreSQL migration 0024 adds the
 * generated column name_pairs (a tsvector of name_search's words' pairs) and its GIN index, which intersects its
 * lists the same way (1.7–1.8 → 0.22–0.28 ms on 1M).
 *
 * A pair is its two words, ordered, joined by PAIR_JOIN, which no word holds (a normalised name's words are
 * letters and digits): FTS5's tokenizer there keeps it inside a term, and PostgreSQL's pairs are lexemes written
 * as they are, never parsed. Words are compared in upper case, as the normalised name writes them, which orders
 * ASCII letters and digits as lower case does; both indexes hold lower case (FTS5 folds, PostgreSQL's 'simple'
 * lexemes are lower case), and the query syntax writes a pair in the case its index needs.
 */

export const PAIR_JOIN = '_';

/** A name's pair terms, for the index: every two distinct words once, each pair ordered; '' for fewer than two. */
export function namePairs(words: readonly string[]): string {
  const distinct = [...new Set(words.map((word) => word.toUpperCase()))].sort();
  const pairs: string[] = [];
  for (let i = 0; i < distinct.length; i++)
    for (let j = i + 1; j < distinct.length; j++) pairs.push(`${distinct[i]}${PAIR_JOIN}${distinct[j]}`);
  return pairs.join(' ');
}

/** A pair's term as the query writes it. */
function pairTerm(a: string, b: string, syntax: FullTextSyntax): string {
  const [first, second] = a < b ? [a, b] : [b, a];
  return syntax.term(`${first}${PAIR_JOIN}${second}`);
}

/** Beyond this many pairs for two words (their alternatives multiplied), the word index is read instead. */
export const MAX_PAIR_ALTERNATIVES = 16;

const ASCII_TERM = /^[A-Z0-9]+$/;

/**
 * The pair index's query (FTS5's or a tsquery, by `syntax`) for a name search whose words are each one of some
 * whole words (a word and what it stands for as a prefix, full-text-terms.ts), or undefined when the pairs cannot
 * stand for the words' match:
 * - fewer than two distinct words: a word alone has no pair;
 * - a word that is a prefix term, or holds anything but ASCII letters and digits (whose folding only the index
 *   knows), has no whole words to pair;
 * - two words that share an alternative ("acorn" and "acorns" both stand for ACORNS): a name holding ACORNS alone
 *   holds both, but no pair of it;
 * - two words with more than MAX_PAIR_ALTERNATIVES pairs between them.
 * Otherwise every other word is paired with the word of fewest alternatives (a star: any tree over the words
 * names the same names), each pair of words as the OR of their alternatives' pairs, and the pairs ANDed.
 */
export function pairsQuery(
  words: readonly (readonly string[] | undefined)[],
  syntax: FullTextSyntax,
): string | undefined {
  const sets: string[][] = [];
  const seen = new Set<string>();
  for (const word of words) {
    if (word === undefined || word.length === 0) return undefined;
    const upper = [...new Set(word.map((term) => term.toUpperCase()))].sort();
    if (upper.some((term) => !ASCII_TERM.test(term))) return undefined;
    const key = upper.join(' ');
    if (seen.has(key)) continue; // the same word twice asks nothing more
    seen.add(key);
    sets.push(upper);
  }
  if (sets.length < 2) return undefined;
  const terms = new Set<string>();
  for (const set of sets)
    for (const term of set) {
      if (terms.has(term)) return undefined;
      terms.add(term);
    }
  const [hub, ...others] = [...sets].sort((a, b) => a.length - b.length);
  const parts: string[] = [];
  for (const other of others) {
    if (hub!.length * other.length > MAX_PAIR_ALTERNATIVES) return undefined;
    const alternatives = hub!.flatMap((a) => other.map((b) => pairTerm(a, b, syntax)));
    parts.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(syntax.or)})`);
  }
  return parts.join(syntax.and);
}
