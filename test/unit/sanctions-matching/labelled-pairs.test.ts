import { explainPair } from '../../../src/domain/sanctions/matching/match-subject';
import { loadLabelledPairs } from '../../fixtures/sanctions-matching/labelled-pairs';

/*
 * Every labelled pair must land on its labelled side at the default thresholds: a true match is reported for
 * review, a near miss is not. bench/sanctions-matching.ts prints precision and recall on the same table.
 */
const pairs = loadLabelledPairs();

describe('the labelled pairs (test/fixtures/sanctions-matching/labelled-pairs.json)', () => {
  it('hold at least 150 pairs with unique ids, both kinds of label, people and entities', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(150);
    expect(new Set(pairs.map((pair) => pair.id)).size).toBe(pairs.length);
    expect(pairs.filter((pair) => pair.expected === 'no_match').length).toBeGreaterThanOrEqual(50);
    expect(pairs.filter((pair) => pair.subject.kind === 'entity').length).toBeGreaterThanOrEqual(30);
  });

  it.each(pairs.map((pair) => [pair.id, pair.expected, pair.note, pair] as const))(
    '%s %s: %s',
    (_id, expected, _note, pair) => {
      const result = explainPair(pair.subject, pair.party);
      expect({ passed: result.passed, score: result.score }).toEqual({
        passed: expected === 'match',
        score: result.score,
      });
    },
  );
});
