import { dataMissing, kybReason } from '../reason-builders';
import type { KybRule } from './kyb-rule';

/**
 * High and severe risk levels refer, severe included: the health score is a rules-based indicator, not a credit
 * rating (product spec), so it asks for a reviewer's judgement and never decides a fail on its own.
 */
export const healthRule: KybRule = {
  check: 'health',
  apply({ health }) {
    if (health === null || health.score === null || health.riskLevel === null) {
      return {
        reasons: [
          dataMissing(
            'health',
            'health score',
            'The company has no health score: there is not enough data to score it.',
          ),
        ],
        detail: `No health score${health ? ` (model ${health.modelVersion})` : ''}.`,
      };
    }
    const evidence = {
      score: health.score,
      grade: health.grade,
      risk_level: health.riskLevel,
      model_version: health.modelVersion,
      as_of: health.asOf,
      fired_codes: health.firedCodes,
    };
    const seen = `Health score ${health.score}, grade ${health.grade}, risk ${health.riskLevel} (model ${health.modelVersion}, as of ${health.asOf})`;
    const code =
      health.riskLevel === 'severe'
        ? 'health_risk_severe'
        : health.riskLevel === 'high'
          ? 'health_risk_high'
          : null;
    return {
      reasons: code
        ? [kybReason(code, `${seen}; rules that fired: ${health.firedCodes.join(', ') || 'none'}.`, evidence)]
        : [],
      detail: `${seen}.`,
    };
  },
};
