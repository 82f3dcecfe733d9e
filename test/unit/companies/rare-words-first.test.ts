import { rareWordsFirst, type WordCounts } from '../../../src/domain/companies/search/common-words';
import type { FullTextWord } from '../../../src/domain/companies/search/full-text-terms';

// Which words of a name search are matched by the index first, and how the others are tested on what they leave
// (search/common-words.ts). Each word as full-text-terms.ts reads it: its part of the query and its terms.
const word = (upper: string, terms: string[] = [upper.toLowerCase()]): FullTextWord => ({
  word: upper,
  part:
    terms.length === 0
      ? `"${upper}"*`
      : terms.length === 1
        ? `"${terms[0]}"`
        : `(${terms.map((term) => `"${term}"`).join(' OR ')})`,
  terms,
});
// The generated 1M register's counts: words under 10,000 names are not counted.
const counts: WordCounts = {
  names: new Map([
    ['uk', 288_000],
    ['holdings', 295_414],
    ['north', 136_000],
    ['services', 41_664],
    ['oak', 10_009],
    ['hollow', 16_665],
    ['limerick', 150_000],
  ]),
  floor: 10_000,
  registerSize: 1_000_000,
};
const bounds = { commonWordNames: 100_000, candidates: 200 };

describe('rare words first', () => {
  it('matches the rarer words with the index and tests the common ones on the names they leave', () => {
    // oak and hollow are expected in 1M × 1% × 1.7% = 167 names: few enough.
    const plan = rareWordsFirst([word('OAK'), word('HOLLOW'), word('UK')], counts, bounds);
    expect(plan?.rareQuery).toBe('"oak" AND "hollow"');
    // A short word whole, a longer one as a word prefix; a name LIKE cannot test is tested by every word at once.
    expect(plan?.commonTest.params).toEqual(['"oak" AND "hollow" AND "uk"', '% UK %']);
    expect(plan?.commonTest.text).toContain("glob '*[^ -~]*'");
    // A prefix stands for all its words: in more names than any of them.
    expect(
      rareWordsFirst([word('HOLD', ['holdings', 'holdco']), word('ACORN'), word('WIDGET')], counts, bounds),
    ).toEqual({
      rareQuery: '"acorn" AND "widget"',
      commonTest: {
        text: expect.stringContaining('like ?') as string,
        params: ['("holdings" OR "holdco") AND "acorn" AND "widget"', '% HOLD%'],
      },
    });
  });

  it('sets aside the commonest words first, while the rest are expected to leave few names', () => {
    // Without NORTH and UK: about 167 names. Without HOLLOW as well it would be 10,000: HOLLOW stays (and is not
    // common enough to set aside anyway).
    const plan = rareWordsFirst(
      [word('NORTH'), word('OAK'), word('HOLLOW'), word('UK'), word('HOLDINGS')],
      counts,
      bounds,
    );
    expect(plan?.rareQuery).toBe('"oak" AND "hollow"');
    expect(plan?.commonTest.params.slice(1)).toEqual(['% HOLDINGS%', '% UK %', '% NORTH%']);
    // One uncounted word alone (under 10,000 names, taken as 10,000) leaves too many: everything read at once.
    expect(rareWordsFirst([word('ACORN'), word('UK')], counts, bounds)).toBeUndefined();
    expect(
      rareWordsFirst([word('ACORN'), word('UK')], counts, { ...bounds, candidates: 10_000 })?.rareQuery,
    ).toBe('"acorn"');
  });

  it('reads every word at once when none is common, when all are, or when LIKE could disagree', () => {
    expect(rareWordsFirst([word('OAK'), word('HOLLOW')], counts, bounds)).toBeUndefined();
    expect(rareWordsFirst([word('UK'), word('HOLDINGS')], counts, bounds)).toBeUndefined();
    expect(
      rareWordsFirst([word('OAK'), word('HOLLOW'), word('UK')], { ...counts, names: new Map() }, bounds),
    ).toBeUndefined();
    // LIM* would match LIMITED by LIKE, which the index leaves out.
    expect(
      rareWordsFirst([word('OAK'), word('HOLLOW'), word('LIM', ['limerick'])], counts, bounds),
    ).toBeUndefined();
    // A common word with letters outside ASCII.
    expect(rareWordsFirst([word('OAK'), word('HOLLOW'), word('ÜK', ['uk'])], counts, bounds)).toBeUndefined();
  });

  it('never sets aside a prefix that stayed a prefix, whose names are not counted', () => {
    expect(rareWordsFirst([word('OAK'), word('HOLLOW'), word('STO', [])], counts, bounds)).toBeUndefined();
    expect(rareWordsFirst([word('ZEP', []), word('UK')], counts, bounds)).toBeUndefined();
  });
});
