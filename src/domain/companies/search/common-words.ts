import type { EntityManager } from '@mikro-orm/core';
import { readRows } from '../../../db/read-query';
import type { Sql } from '../register-filters';
import { allOf, FTS5_SYNTAX, type FullTextWord } from './full-text-terms';
import { walkedMatch, walkPatterns } from './tail-walk';

/*
 * A name search's rarer words first (SQLite). FTS5 answers an AND of words by reading each word's whole list of
 * names, however few names the other words leave: "uk" is in 288,000 names of the generated 1M register, and
 * "oak hollow art works uk" took 2.35 ms against 0.9 ms without it (1.6 million names and about 8 ms more at
 * 5.5M). Three searches in four of bench:api's hold such a word. So a search whose words include common ones
 * matches the others with the index, and when they leave few names, tests the common words on those names
 * alone, with LIKE (search/tail-walk.ts: the same answer for ASCII names, the index's own match for any other).
 * Which words are common is a statistic, like a planner's: read from the index's vocabulary and kept a while.
 * It only chooses the way a search reads; the answer is the same either way.
 */

/** A word is common when a register word it stands for is in at least this many names. */
export const COMMON_WORD_NAMES = 100_000;

/**
 * The rarer words' matches tested one by one, at most: each costs a read of the index's own row and a LIKE (a few
 * µs), so 200 cost less than the list of any common word; past it, the search matches every word with the index
 * as before.
 */
export const RARE_WORD_CANDIDATES = 200;

/** How long the common words are kept before they are read again (in the background; the old ones serve). */
const KEPT_MS = 10 * 60_000;

interface Kept {
  words: ReadonlyMap<string, number> | undefined;
  reading: Promise<ReadonlyMap<string, number>> | undefined;
  readAt: number;
}

/** Per database (the ORM's driver, shared by every EntityManager forked from it), per threshold. */
const kept = new WeakMap<object, Map<number, Kept>>();

/**
 * The register's words held by at least `atLeast` names, with how many, as last read from the full-text index's
 * vocabulary (migration 0022); undefined until the first read ends. A search never waits for them: the read (a
 * scan of the vocabulary, 0.1 s on 1M, on a read thread) starts with the first search of the process, which
 * like any search before it ends matches every word with the index; they are read again every ten minutes.
 */
export function knownCommonWords(
  em: EntityManager,
  atLeast: number,
): ReadonlyMap<string, number> | undefined {
  const entry = keptFor(em, atLeast);
  if (entry.reading === undefined && Date.now() - entry.readAt > KEPT_MS) void readAgain(em, atLeast, entry);
  return entry.words;
}

/** The common words once read (a read is started if none is under way): for tests and warming up. */
export function commonWords(em: EntityManager, atLeast: number): Promise<ReadonlyMap<string, number>> {
  const entry = keptFor(em, atLeast);
  if (entry.words !== undefined && entry.reading === undefined) return Promise.resolve(entry.words);
  return entry.reading ?? readAgain(em, atLeast, entry);
}

function keptFor(em: EntityManager, atLeast: number): Kept {
  const byThreshold = kept.get(em.getDriver()) ?? new Map<number, Kept>();
  kept.set(em.getDriver(), byThreshold);
  let entry = byThreshold.get(atLeast);
  if (entry === undefined) {
    entry = { words: undefined, reading: undefined, readAt: -Infinity };
    byThreshold.set(atLeast, entry);
  }
  return entry;
}

function readAgain(em: EntityManager, atLeast: number, entry: Kept): Promise<ReadonlyMap<string, number>> {
  const reading = readRows<{ term: string; names: number }>(
    em,
    'select term, doc as names from companies_fts_words where doc >= ?',
    [atLeast],
  )
    .then((rows) => new Map(rows.map((row) => [row.term, Number(row.names)])))
    // A failed read leaves what was known (or nothing: every word matched by the index) until the next try.
    .catch(() => entry.words ?? new Map<string, number>())
    .then((words) => {
      Object.assign(entry, { words, reading: undefined, readAt: Date.now() });
      return words;
    });
  entry.reading = reading;
  return reading;
}

/** The columns of searchSize's `rare` rows: the full-text index's name and number. */
const RARE_ROW = { name: 'rare.name', number: 'rare.company_number' };

/** A full-text match read rarer words first: the index matches `rareQuery`, and `commonTest` the names it leaves. */
export interface RareWordsFirst {
  rareQuery: string;
  commonTest: Sql;
}

/**
 * How to match `words` rarer ones first, or undefined when it would not help or could disagree with the index:
 * when no word is common, or every word is, or a common word cannot be tested with LIKE (not ASCII, or a word a
 * legal form starts with). A prefix term that stayed a prefix (search/full-text-terms.ts) counts as rare.
 */
export function rareWordsFirst(
  words: readonly FullTextWord[],
  common: ReadonlyMap<string, number>,
): RareWordsFirst | undefined {
  const isCommon = (word: FullTextWord) => word.terms.some((term) => common.has(term));
  const rare = words.filter((word) => !isCommon(word));
  const frequent = words.filter(isCommon);
  if (rare.length === 0 || frequent.length === 0) return undefined;
  const patterns = walkPatterns(frequent.map((word) => word.word));
  if (patterns === undefined) return undefined;
  // Tested on the index's own row (its name and number), which matching the rare words reads anyway; a name LIKE
  // cannot test is tested by the whole query, as the walk does.
  return {
    rareQuery: allOf(rare, FTS5_SYNTAX),
    commonTest: walkedMatch(patterns, allOf(words, FTS5_SYNTAX), RARE_ROW),
  };
}
