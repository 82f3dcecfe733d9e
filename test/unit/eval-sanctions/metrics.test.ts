import {
  precisionRecallCurve,
  qualityAt,
  qualityByGroup,
  qualityOf,
} from '../../../bench/eval-sanctions/metrics';

const match = (score: number) => ({ expected: 'match' as const, score });
const noMatch = (score: number) => ({ expected: 'no_match' as const, score });

describe('the evaluation arithmetic', () => {
  // 3 true matches (0.9, 0.75, 0.4) and 3 non-matches (0.8, 0.5, 0.1).
  const scored = [match(0.9), match(0.75), match(0.4), noMatch(0.8), noMatch(0.5), noMatch(0.1)];

  it('counts a pair at exactly the threshold as passed, as the matcher does', () => {
    const q = qualityAt(scored, 0.75);
    expect(q).toMatchObject({ truePositives: 2, falsePositives: 1, falseNegatives: 1, trueNegatives: 2 });
    expect(q.precision).toBeCloseTo(2 / 3, 10);
    expect(q.recall).toBeCloseTo(2 / 3, 10);
    expect(q.f1).toBeCloseTo(2 / 3, 10);
  });

  it('computes F1 as the harmonic mean of unequal precision and recall', () => {
    const q = qualityAt(scored, 0.3);
    // TP 3, FP 2: precision 0.6, recall 1, F1 = 2·0.6·1 / 1.6 = 0.75.
    expect(q.precision).toBeCloseTo(0.6, 10);
    expect(q.recall).toBe(1);
    expect(q.f1).toBeCloseTo(0.75, 10);
  });

  it('gives precision 1 when nothing passes and F1 0 when nothing is found', () => {
    const q = qualityAt(scored, 0.95);
    expect(q).toMatchObject({ truePositives: 0, falsePositives: 0, falseNegatives: 3, trueNegatives: 3 });
    expect(q.precision).toBe(1);
    expect(q.recall).toBe(0);
    expect(q.f1).toBe(0);
  });

  it('gives F1 0, not NaN, when precision and recall are both 0', () => {
    const q = qualityOf([
      { expected: 'match', passed: false },
      { expected: 'no_match', passed: true },
    ]);
    expect(q.precision).toBe(0);
    expect(q.recall).toBe(0);
    expect(q.f1).toBe(0);
  });

  it('draws the curve at each threshold in the order given, recall never rising as the threshold does', () => {
    const curve = precisionRecallCurve(scored, [0.3, 0.6, 0.85]);
    expect(curve.map((point) => point.threshold)).toEqual([0.3, 0.6, 0.85]);
    expect(curve.map((point) => [point.truePositives, point.falsePositives])).toEqual([
      [3, 2],
      [2, 1],
      [1, 0],
    ]);
    expect(curve.map((point) => point.recall)).toEqual([1, 2 / 3, 1 / 3]);
  });

  it('splits by category in first-seen order and adds an overall row over every pair', () => {
    const items = [
      { expected: 'match' as const, passed: true, category: 'person' },
      { expected: 'no_match' as const, passed: true, category: 'entity' },
      { expected: 'match' as const, passed: false, category: 'person' },
      { expected: 'no_match' as const, passed: false, category: 'vessel' },
    ];
    const groups = qualityByGroup(items, (item) => item.category);
    expect(groups.map((g) => [g.group, g.pairs])).toEqual([
      ['person', 2],
      ['entity', 1],
      ['vessel', 1],
      ['overall', 4],
    ]);
    expect(groups[0]!.quality).toMatchObject({
      truePositives: 1,
      falseNegatives: 1,
      precision: 1,
      recall: 0.5,
    });
    expect(groups[1]!.quality).toMatchObject({ falsePositives: 1, precision: 0, recall: 1 });
    expect(groups[3]!.quality).toMatchObject({
      truePositives: 1,
      falsePositives: 1,
      falseNegatives: 1,
      trueNegatives: 1,
    });
  });

  it('reports an empty set without dividing by zero', () => {
    expect(qualityOf([])).toEqual({
      truePositives: 0,
      falsePositives: 0,
      falseNegatives: 0,
      trueNegatives: 0,
      precision: 1,
      recall: 1,
      f1: 1,
    });
  });
});
