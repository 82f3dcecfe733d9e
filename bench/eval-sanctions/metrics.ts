/*
 * The evaluation's arithmetic, apart from the matcher: precision, recall and F1 of scored labelled pairs at a
 * threshold, the same over a sweep of thresholds (the precision-recall curve), and per category. A pair passes
 * when its score reaches the threshold, as the matcher decides.
 */

export interface Scored {
  expected: 'match' | 'no_match';
  score: number;
}

export interface Quality {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  /** TP / (TP + FP); 1 when nothing passed (no false alarm was raised). */
  precision: number;
  /** TP / (TP + FN); 1 when there is no true match to find. */
  recall: number;
  /** Harmonic mean of precision and recall; 0 when both are 0. */
  f1: number;
}

export function qualityOf(passed: readonly { expected: Scored['expected']; passed: boolean }[]): Quality {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let trueNegatives = 0;
  for (const { expected, passed: isPassed } of passed) {
    if (expected === 'match') {
      if (isPassed) truePositives++;
      else falseNegatives++;
    } else if (isPassed) falsePositives++;
    else trueNegatives++;
  }
  const precision =
    truePositives + falsePositives === 0 ? 1 : truePositives / (truePositives + falsePositives);
  const recall = truePositives + falseNegatives === 0 ? 1 : truePositives / (truePositives + falseNegatives);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { truePositives, falsePositives, falseNegatives, trueNegatives, precision, recall, f1 };
}

export function qualityAt(scored: readonly Scored[], threshold: number): Quality {
  return qualityOf(scored.map((s) => ({ expected: s.expected, passed: s.score >= threshold })));
}

export interface CurvePoint extends Quality {
  threshold: number;
}

/** Quality at each threshold, in the order given. */
export function precisionRecallCurve(scored: readonly Scored[], thresholds: readonly number[]): CurvePoint[] {
  return thresholds.map((threshold) => ({ threshold, ...qualityAt(scored, threshold) }));
}

/** Quality of each group (in first-seen order) and of all together, from each pair's own pass/fail. */
export function qualityByGroup<T extends { expected: Scored['expected']; passed: boolean }>(
  items: readonly T[],
  groupOf: (item: T) => string,
): { group: string; pairs: number; quality: Quality }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [
    ...[...groups].map(([group, list]) => ({ group, pairs: list.length, quality: qualityOf(list) })),
    { group: 'overall', pairs: items.length, quality: qualityOf(items) },
  ];
}
