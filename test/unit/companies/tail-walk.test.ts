import { MIN_PREFIX_WORD } from '../../../src/domain/companies/search/full-text-terms';
import { denseThreshold, walkPatterns } from '../../../src/domain/companies/search/tail-walk';
import { walkBound } from '../../../src/domain/companies/search/tail-walk-postgres';

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
  });
});
