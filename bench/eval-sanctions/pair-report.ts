import { precisionRecallCurve, qualityByGroup, type CurvePoint, type Quality } from './metrics';
import { explanationLines, type ScoredPair } from './score-pairs';

/*
 * The figures of one half of the labelled pairs: quality per category and per kind of difficulty at the
 * configured thresholds, the precision-recall curve, the worst misses and false alarms with the matcher's
 * explanation, and the prefilter's recall.
 */

export const CURVE_THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.72, 0.75, 0.8, 0.85, 0.9];
const WORST = 10;

export interface WorstPair {
  id: string;
  category: string;
  difficulty: string[];
  subject: string;
  listed: string;
  score: number;
  threshold: number;
  note: string;
  source: string;
  explanation: string[];
}

export interface PairReport {
  pairs: { total: number; match: number; noMatch: number };
  byCategory: { group: string; pairs: number; quality: Quality }[];
  byDifficulty: { group: string; pairs: number; quality: Quality }[];
  bySource: { group: string; pairs: number; quality: Quality }[];
  curve: CurvePoint[];
  worstMisses: WorstPair[];
  worstFalsePositives: WorstPair[];
  prefilter: {
    trueMatches: number;
    kept: number;
    /** True matches the scorer passes that the prefilter would never hand it: the costly loss. */
    passedButDropped: number;
    recall: number;
  };
}

function worst(scored: ScoredPair): WorstPair {
  const { pair, comparison } = scored;
  return {
    id: pair.id,
    category: pair.category,
    difficulty: pair.difficulty,
    subject: pair.subject.name,
    listed: comparison.explanation.name?.listed.text ?? pair.party.names[0]!.text,
    score: scored.score,
    threshold: scored.threshold,
    note: pair.note,
    source: pair.source.name,
    explanation: explanationLines(comparison),
  };
}

export function pairReport(scored: readonly ScoredPair[]): PairReport {
  const items = scored.map((s) => ({ ...s, expected: s.pair.expected }));
  const matches = scored.filter((s) => s.pair.expected === 'match');
  // A pair of several difficulties counts once in each.
  const byDifficulty = qualityByGroup(
    items.flatMap((item) => item.pair.difficulty.map((difficulty) => ({ ...item, difficulty }))),
    (item) => item.difficulty,
  ).filter((group) => group.group !== 'overall');
  const kept = matches.filter((s) => s.keptByPrefilter).length;
  return {
    pairs: { total: scored.length, match: matches.length, noMatch: scored.length - matches.length },
    byCategory: qualityByGroup(items, (item) => item.pair.category),
    byDifficulty,
    bySource: qualityByGroup(items, (item) => item.pair.source.name),
    curve: precisionRecallCurve(items, CURVE_THRESHOLDS),
    worstMisses: matches
      .filter((s) => !s.passed)
      .sort((a, b) => a.score - b.score || a.pair.id.localeCompare(b.pair.id))
      .slice(0, WORST)
      .map(worst),
    worstFalsePositives: scored
      .filter((s) => s.pair.expected === 'no_match' && s.passed)
      .sort((a, b) => b.score - a.score || a.pair.id.localeCompare(b.pair.id))
      .slice(0, WORST)
      .map(worst),
    prefilter: {
      trueMatches: matches.length,
      kept,
      passedButDropped: matches.filter((s) => s.passed && !s.keptByPrefilter).length,
      recall: matches.length === 0 ? 1 : kept / matches.length,
    },
  };
}
