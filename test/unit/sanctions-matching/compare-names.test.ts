import { compareNames } from '../../../src/domain/sanctions/matching/compare-names';
import { DEFAULT_MATCH_WEIGHTS } from '../../../src/domain/sanctions/matching/match-settings';
import { normaliseName } from '../../../src/domain/sanctions/matching/normalise-name';
import type { SubjectKind } from '../../../src/domain/sanctions/matching/screened-subject';

const compare = (subject: string, listed: string, kind: SubjectKind = 'person') =>
  compareNames(normaliseName(subject, kind), normaliseName(listed, kind), kind, DEFAULT_MATCH_WEIGHTS);

const { missingWord } = DEFAULT_MATCH_WEIGHTS;

describe('compareNames', () => {
  it('ignores word order', () => {
    expect(compare('PUTIN, Vladimir', 'Vladimir PUTIN').score).toBe(1);
    expect(compare('Jinping XI', 'XI Jinping').score).toBe(1);
  });

  it('counts a missing middle name as missingWord, not as a contradiction', () => {
    const missing = compare('Vladimir PUTIN', 'Vladimir Vladimirovich PUTIN');
    expect(missing.divisor).toBeCloseTo(2 + missingWord.person, 10);
    expect(missing.score).toBeCloseTo(2 / (2 + missingWord.person), 10);
    expect(missing.unmatchedListed).toEqual(['VLADIMIROVICH']);

    const contradicting = compare('Igor Sergeyevich SECHIN', 'Igor Ivanovich SECHIN');
    expect(contradicting.score).toBeCloseTo(2 / 3, 10);
    expect(contradicting.score).toBeLessThan(missing.score);
  });

  it('does not let the missing words side matter: a middle name missing on either side scores alike', () => {
    expect(compare('Peter James HAMILTON', 'Peter HAMILTON').score).toBeCloseTo(
      compare('Peter HAMILTON', 'Peter James HAMILTON').score,
      10,
    );
  });

  it('counts an entity word only one name has as a full difference', () => {
    const subsidiary = compare('GAZPROM NEFT PJSC', 'GAZPROM PJSC', 'entity');
    expect(subsidiary.divisor).toBe(2);
    expect(subsidiary.score).toBe(0.5);
  });

  it('pairs initials with the names they start', () => {
    const result = compare('J.P. MORTON', 'John Paul MORTON');
    expect(result.pairs.map(({ subject, listed, method }) => [subject, listed, method])).toEqual([
      ['J', 'JOHN', 'initial'],
      ['P', 'PAUL', 'initial'],
      ['MORTON', 'MORTON', 'exact'],
    ]);
  });

  it('joins two words the other name writes as one, on whichever side splits them', () => {
    const subjectSplit = compare('Mary Ann COLLINS', 'Maryann COLLINS');
    expect(subjectSplit.pairs[0]).toMatchObject({ subject: 'MARY ANN', listed: 'MARYANN', method: 'joined' });
    const listedSplit = compare('XI Jinping', '习近平');
    expect(listedSplit.pairs).toContainEqual(
      expect.objectContaining({ subject: 'JINPING', listed: 'JIN PING' }),
    );
    expect(listedSplit.unmatchedSubject).toEqual([]);
  });

  it('finds the best pairing, not the first good one', () => {
    // Greedy would pair ROBERT with ROBERT (1) and leave BOB nothing; the best pairing gives BOB the forename
    // (a nickname, 0.9) and ROBERT the close surname ROBERTS.
    const result = compare('Bob ROBERT', 'Robert ROBERTS');
    expect(result.pairs.map(({ subject, listed }) => [subject, listed])).toEqual([
      ['BOB', 'ROBERT'],
      ['ROBERT', 'ROBERTS'],
    ]);
    expect(result.creditSum).toBeGreaterThan(1.5);
  });

  it('scores nothing when no word agrees', () => {
    expect(compare('John SMITH', 'Ali HASSAN')).toMatchObject({ score: 0, pairs: [] });
  });
});
