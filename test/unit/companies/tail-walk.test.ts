import { MIN_PREFIX_WORD } from '../../../src/domain/companies/search/full-text-terms';
import { denseThreshold, walkPatterns } from '../../../src/domain/companies/search/tail-walk';
import { walkBound } from '../../../src/domain/companies/search/tail-walk-postgres';
import { estimatedShare } from '../../../src/domain/companies/search/word-shares-postgres';

describe('walkPatterns: LIKE patterns only where they agree with the full-text index', () => {
  it('reads a short word whole and a longer one as a word prefix', () => {
    expect('UK'.length).toBeLessThan(MIN_PREFIX_WORD);
    expect(walkPatterns(['HOLDINGS', 'UK'])).toEqual(['% HOLDINGS%', '% UK %']);
  });

  it('gives none for letters outside ASCII, a word a legal form starts with, or no word', () => {
    expect(walkPatterns(['ŁÓDŹ'])).toBeUndefined();
    expect(walkPatterns(['HOLDINGS', 'LIM'])).toBeUndefined();
    expect(walkPatterns([])).toBeUndefined();
  });
});

describe('when a tier is walked, and how far', () => {
  it('walks from √(page end × register size) matches', () => {
    expect(denseThreshold(20, 5_500_000)).toBe(10_489);
    expect(denseThreshold(20, 0)).toBe(1);
  });

  it('bounds a walk by ten entries per expected match, and sixteen times the threshold at most', () => {
    expect(walkBound(100, 1_000)).toBe(1_000);
    expect(walkBound(295_000, 4_473)).toBe(16 * 4_473);
    expect(walkBound(-5, 4_473)).toBe(1);
    expect(walkBound(10.01, 1_000)).toBe(101);
  });
});

describe('estimatedShare: the share of names a tsquery matches, from the statistics of its words, as the planner reckons it', () => {
  const stats = {
    shares: new Map([
      ['holdings', 0.3],
      ['uk', 0.2],
      ['acorn', 0.01],
      ['acorns', 0.02],
    ]),
    unlisted: 0.0005,
  };

  it('gives a listed word its share and any other the share of an unlisted word', () => {
    expect(estimatedShare("'holdings'", stats)).toBeCloseTo(0.3);
    expect(estimatedShare("'quillon'", stats)).toBeCloseTo(0.0005);
  });

  it('multiplies AND, unites OR, and sums the listed words a prefix starts', () => {
    expect(estimatedShare("'holdings' & 'uk'", stats)).toBeCloseTo(0.06);
    expect(estimatedShare("('acorn' | 'acorns') & 'uk'", stats)).toBeCloseTo((1 - 0.99 * 0.98) * 0.2);
    expect(estimatedShare("'acorn':*", stats)).toBeCloseTo(0.03);
    expect(estimatedShare("'zz':*", stats)).toBeCloseTo(0.0005);
  });
});
