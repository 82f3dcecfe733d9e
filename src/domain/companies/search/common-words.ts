import type { EntityManager } from '@mikro-orm/core';
import { readRows } from '../../../db/read-query';
import type { Sql } from '../register-filters';
import { allOf, FTS5_SYNTAX, type FullTextWord } from './full-text-terms';
import { registerSizeEstimate } from './register-reads';
import { walkedMatch, walkPatterns } from './tail-walk';

/*
 * A name search's rarer words first (SQLite). FTS5 answers an AND of words by reading each word's whole list of
 * names, however few names the other words leave: "uk" is in 288,000 names of the generated 1M register, and
 * "oak hollow art works uk" took 2.35 ms against 0.9 ms without it (1.6 million names and about 8 ms more at
 * 5.5M). Three searches in four of bench:api's hold such a word. So a search whose words include common ones
 * matches the others with the index, and when they leave few names, tests the common words on those names
 * alone, with LIKE (search/tail-walk.ts: the same answer for ASCII names, the index's own match for any other).
 * How many names hold each word is a statistic, like a planner's: read from the index's vocabulary and kept a
 * while. It only chooses the way a search reads; the answer is the same either way.
 */

/** A word is worth testing by LIKE rather than reading its list when it is in at least this many names. */
export const COMMON_WORD_NAMES = 100_000;

/**
 * The rarer words' matches tested one by one, at most: each costs a read of the index's own row and a LIKE (a few
 * µs), so 200 cost less than the list of any common word; past it, the search matches every word with the index
 * as before.
 */
export const RARE_WORD_CANDIDATES = 200;

/** How long the counts are kept before they are read again (in the background; the old ones serve). */
const KEPT_MS = 10 * 60_000;

/** How many names hold the register's more frequent words, as last read. */
export interface WordCounts {
  /** Words in at least `floor` names, by term (lower case, as the index folds them). */
  names: ReadonlyMap<string, number>;
  /** Every word not in `names` is in fewer names than this. */
  floor: number;
  /** The register's size, for a word's share of it (the companies' highest rowid). */
  registerSize: number;
}

/** The counts read for a search whose common words start at `commonWordNames`: words a tenth as frequent too. */
export const countedFrom = (commonWordNames: number): number => Math.max(1, Math.floor(commonWordNames / 10));

interface Kept {
  counts: WordCounts | undefined;
  reading: Promise<WordCounts> | undefined;
  readAt: number;
}

/** Per database (the ORM's driver, shared by every EntityManager forked from it), per floor. */
const kept = new WeakMap<object, Map<number, Kept>>();

/**
 * The words held by at least `floor` names, with how many, as last read from the full-text index's vocabulary
 * (migration 0022); undefined until the first read ends. A search never waits for them: the read (a scan of the
 * vocabulary, 0.1 s on 1M, on a read thread) starts with the first search of the process, which like any search
 * before it ends matches every word with the index; they are read again every ten minutes.
 */
export function knownWordCounts(em: EntityManager, floor: number): WordCounts | undefined {
  const entry = keptFor(em, floor);
  if (entry.reading === undefined && Date.now() - entry.readAt > KEPT_MS) void readAgain(em, floor, entry);
  return entry.counts;
}

/** The counts once read (a read is started if none is under way): for tests and warming up. */
export function wordCounts(em: EntityManager, floor: number): Promise<WordCounts> {
  const entry = keptFor(em, floor);
  if (entry.counts !== undefined && entry.reading === undefined) return Promise.resolve(entry.counts);
  return entry.reading ?? readAgain(em, floor, entry);
}

function keptFor(em: EntityManager, floor: number): Kept {
  const byFloor = kept.get(em.getDriver()) ?? new Map<number, Kept>();
  kept.set(em.getDriver(), byFloor);
  let entry = byFloor.get(floor);
  if (entry === undefined) {
    entry = { counts: undefined, reading: undefined, readAt: -Infinity };
    byFloor.set(floor, entry);
  }
  return entry;
}

function readAgain(em: EntityManager, floor: number, entry: Kept): Promise<WordCounts> {
  const reading = Promise.all([
    readRows<{ term: string; names: number }>(
      em,
      'select term, doc as names from companies_fts_words where doc >= ?',
      [floor],
    ),
    registerSizeEstimate(em),
  ])
    .then(([rows, registerSize]) => ({
      names: new Map(rows.map((row) => [row.term, Number(row.names)])),
      floor,
      registerSize,
    }))
    // A failed read leaves what was known (or nothing: every word matched by the index) until the next try.
    .catch(() => entry.counts ?? { names: new Map<string, number>(), floor, registerSize: 0 })
    .then((counts) => {
      Object.assign(entry, { counts, reading: undefined, readAt: Date.now() });
      return counts;
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
 * How to match `words` rarer ones first, or undefined when no word is worth it. The commonest words are set
 * aside one by one while the others are still expected to leave `candidates` names or fewer (each word's share
 * of the register, as if words fell independently: a guess, which the search checks before it relies on it).
 * Only a word in `commonWordNames` names or more is set aside, and only one LIKE can test (ASCII, and no word a
 * legal form starts with); a prefix that stayed a prefix (search/full-text-terms.ts) is never set aside.
 */
export function rareWordsFirst(
  words: readonly FullTextWord[],
  counts: WordCounts,
  bounds: { commonWordNames: number; candidates: number },
): RareWordsFirst | undefined {
  const size = Math.max(1, counts.registerSize);
  // A word not counted is in fewer than `floor` names: taken as `floor`, so the guess errs towards more names.
  const namesOf = (word: FullTextWord) =>
    word.terms.length === 0
      ? size
      : word.terms.reduce((sum, term) => sum + (counts.names.get(term) ?? counts.floor), 0);
  const expected = (kept: readonly FullTextWord[]) =>
    kept.reduce((names, word) => names * Math.min(1, namesOf(word) / size), size);
  const commonest = words
    .filter((word) => word.terms.length > 0 && namesOf(word) >= bounds.commonWordNames)
    .filter((word) => walkPatterns([word.word]) !== undefined)
    .sort((a, b) => namesOf(b) - namesOf(a));
  let rare = [...words];
  const setAside: FullTextWord[] = [];
  for (const word of commonest) {
    const rest = rare.filter((other) => other !== word);
    if (rest.length === 0 || expected(rest) > bounds.candidates) break;
    rare = rest;
    setAside.push(word);
  }
  if (setAside.length === 0) return undefined;
  // Tested on the index's own row (its name and number), which matching the rare words reads anyway; a name LIKE
  // cannot test is tested by the whole query, as the walk does.
  return {
    rareQuery: allOf(rare, FTS5_SYNTAX),
    commonTest: walkedMatch(
      walkPatterns(setAside.map((word) => word.word))!,
      allOf(words, FTS5_SYNTAX),
      RARE_ROW,
    ),
  };
}
