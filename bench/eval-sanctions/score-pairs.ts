import type { MatchOptions } from '../../src/domain/sanctions/matching/match-settings';
import type { PairComparison } from '../../src/domain/sanctions/matching/match-explanation';
import { explainPair, matchSubject, partyKind } from '../../src/domain/sanctions/matching/match-subject';
import type { EvalPair } from './eval-pair';
import { prefilterKeeps } from './prefilter';

/*
 * Each labelled pair through the matcher as screen_sanctions calls it: matchSubject with the configured
 * thresholds decides whether the pair is a potential match; explainPair (the same comparison, returned whether or
 * not it passes) gives the score and the explanation of pairs below the threshold. The two are checked to agree.
 * Also whether the prefilter would have handed the designation to the matcher at all.
 */

export interface ScoredPair {
  pair: EvalPair;
  score: number;
  threshold: number;
  passed: boolean;
  keptByPrefilter: boolean;
  comparison: PairComparison;
}

export function scorePairs(pairs: readonly EvalPair[], options: MatchOptions): ScoredPair[] {
  return pairs.map((pair) => {
    const comparison = explainPair(pair.subject, pair.party, options);
    const passed = matchSubject(pair.subject, [pair.party], options).length > 0;
    if (passed !== comparison.passed)
      throw new Error(`matchSubject and explainPair disagree on ${pair.id}: the evaluation would misreport`);
    return {
      pair,
      score: comparison.score,
      threshold: comparison.threshold,
      passed,
      keptByPrefilter:
        partyKind(pair.party) === pair.subject.kind &&
        prefilterKeeps(pair.subject.name, pair.subject.kind, pair.party, options),
      comparison,
    };
  });
}

/** One line per contribution: what the matcher says about a pair. */
export function explanationLines(comparison: PairComparison): string[] {
  const name = comparison.explanation.name;
  const lines = comparison.explanation.contributions.map(
    (c) => `${c.rule} ${c.value >= 0 ? '+' : ''}${c.value}: ${c.evidence}`,
  );
  if (name)
    lines.push(
      `words ${name.subject.tokens.join(' ')} | ${name.listed.tokens.join(' ')}: ` +
        name.pairs.map((p) => `${p.subject}~${p.listed} ${p.method} ${p.credit}`).join(', ') +
        ` (Σ ${name.creditSum} / ${name.divisor})`,
    );
  return lines;
}
