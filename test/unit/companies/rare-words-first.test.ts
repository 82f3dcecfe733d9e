import { rareWordsFirst } from '../../../src/domain/companies/search/common-words';
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
const common = new Map([
  ['uk', 288_000],
  ['holdings', 295_414],
  ['limerick', 150_000],
]);

describe('rare words first', () => {
  it('matches the rarer words with the index and tests the common ones on the names they leave', () => {
    const plan = rareWordsFirst([word('OAK'), word('HOLLOW'), word('UK')], common);
    expect(plan?.rareQuery).toBe('"oak" AND "hollow"');
    // A short word whole, a longer one as a word prefix; a name LIKE cannot test is tested by every word at once.
    expect(plan?.commonTest.params).toEqual(['"oak" AND "hollow" AND "uk"', '% UK %']);
    expect(plan?.commonTest.text).toContain("glob '*[^ -~]*'");
    expect(rareWordsFirst([word('HOLD', ['holdings', 'holdco']), word('ACORN')], common)).toEqual({
      rareQuery: '"acorn"',
      commonTest: {
        text: expect.stringContaining('like ?') as string,
        params: ['("holdings" OR "holdco") AND "acorn"', '% HOLD%'],
      },
    });
  });

  it('reads every word at once when none is common, when all are, or when LIKE could disagree', () => {
    expect(rareWordsFirst([word('OAK'), word('HOLLOW')], common)).toBeUndefined();
    expect(rareWordsFirst([word('UK'), word('HOLDINGS')], common)).toBeUndefined();
    expect(rareWordsFirst([word('OAK'), word('UK')], new Map())).toBeUndefined();
    // LIM* would match LIMITED by LIKE, which the index leaves out.
    expect(rareWordsFirst([word('OAK'), word('LIM', ['limerick'])], common)).toBeUndefined();
    // A common word with letters outside ASCII.
    expect(rareWordsFirst([word('OAK'), word('ÜK', ['uk'])], common)).toBeUndefined();
  });

  it('counts a prefix that stayed a prefix as rare', () => {
    expect(rareWordsFirst([word('ZEP', []), word('UK')], common)?.rareQuery).toBe('"ZEP"*');
  });
});
