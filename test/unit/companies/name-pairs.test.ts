import { FTS5_SYNTAX, TSQUERY_SYNTAX } from '../../../src/domain/companies/search/full-text-terms';
import {
  MAX_PAIR_ALTERNATIVES,
  namePairs,
  pairsQuery as pairsQueryIn,
} from '../../../src/domain/companies/search/name-pairs';

/** SQLite's query (FTS5); PostgreSQL's differs only in how it writes terms and operators. */
const pairsQuery = (words: Parameters<typeof pairsQueryIn>[0]) => pairsQueryIn(words, FTS5_SYNTAX);

describe("a name's pairs of words", () => {
  it('pairs every two distinct words once, each pair ordered', () => {
    expect(namePairs(['GREEN', 'ACORN', 'HOLDINGS'])).toBe('ACORN_GREEN ACORN_HOLDINGS GREEN_HOLDINGS');
  });

  it('pairs a word given twice once with each other word, and never with itself', () => {
    expect(namePairs(['GREEN', 'GREEN', 'ACORN'])).toBe('ACORN_GREEN');
  });

  it('has none for fewer than two distinct words', () => {
    expect(namePairs([])).toBe('');
    expect(namePairs(['ACORN'])).toBe('');
    expect(namePairs(['ACORN', 'ACORN'])).toBe('');
  });
});

describe("a search's query of the pair index", () => {
  it('pairs each word with the word of fewest alternatives, ORing their pairs, ANDing the words', () => {
    expect(pairsQuery([['green'], ['acorn', 'acorns'], ['uk']])).toBe(
      '"GREEN_UK" AND ("ACORN_GREEN" OR "ACORNS_GREEN")',
    );
    // The hub is the word of one alternative, wherever it stands.
    expect(pairsQuery([['acorn', 'acorns'], ['uk']])).toBe('("ACORN_UK" OR "ACORNS_UK")');
  });

  it("writes PostgreSQL's tsquery with lexemes in lower case", () => {
    expect(pairsQueryIn([['green'], ['acorn', 'acorns'], ['uk']], TSQUERY_SYNTAX)).toBe(
      "'green_uk' & ('acorn_green' | 'acorns_green')",
    );
  });

  it('asks a word given twice once', () => {
    expect(pairsQuery([['green'], ['acorn'], ['green']])).toBe('"ACORN_GREEN"');
  });

  it('is undefined where the pairs cannot stand for the match of every word', () => {
    // One word: no pair.
    expect(pairsQuery([['acorn']])).toBeUndefined();
    expect(pairsQuery([['acorn'], ['acorn']])).toBeUndefined();
    // A prefix term has no whole words to pair.
    expect(pairsQuery([['acorn'], undefined])).toBeUndefined();
    expect(pairsQuery([['acorn'], []])).toBeUndefined();
    // ACORNS alone answers both words, and has no pair with itself.
    expect(pairsQuery([['acorn', 'acorns'], ['acorns']])).toBeUndefined();
    // Letters the index folds its own way.
    expect(pairsQuery([['acorn'], ['ωmega']])).toBeUndefined();
  });

  it('is undefined past the alternatives two words may pair', () => {
    const many = (stem: string, n: number) => Array.from({ length: n }, (_, i) => `${stem}${i}`);
    const side = Math.ceil(Math.sqrt(MAX_PAIR_ALTERNATIVES));
    expect(pairsQuery([many('a', side), many('b', side)])).toBeDefined();
    expect(pairsQuery([many('a', side), many('b', side + 1)])).toBeUndefined();
  });

  it('names what the words name: a name holds a queried pair exactly when it holds both words', () => {
    const name = ['ACORN', 'GREEN', 'HOLDINGS'];
    const held = new Set(namePairs(name).split(' '));
    const matches = (query: string) =>
      query.split(' AND ').every((part) =>
        part
          .replace(/[()"]/g, '')
          .split(' OR ')
          .some((pair) => held.has(pair)),
      );
    expect(matches(pairsQuery([['holdings'], ['acorn']])!)).toBe(true);
    expect(matches(pairsQuery([['holdings'], ['acorn', 'acorns'], ['green']])!)).toBe(true);
    expect(matches(pairsQuery([['holdings'], ['birch']])!)).toBe(false);
  });
});
