import { dataMissing, kybReason } from '../reason-builders';
import type { KybRule } from './kyb-rule';

/**
 * Every potential match of the screen refers, with the match as the screen explained it: a name match is for a
 * person to review, never a finding that anyone is sanctioned. No list loaded means nothing was screened.
 */
export const sanctionsRule: KybRule = {
  check: 'sanctions',
  apply({ sanctions }) {
    const version = sanctions.list_version;
    if (version === null) {
      return {
        reasons: [
          dataMissing(
            'sanctions',
            'UK Sanctions List',
            'No UK Sanctions List version was available to screen against, so no name was screened.',
          ),
        ],
        detail: 'Not screened: no sanctions list version available.',
      };
    }
    const listVersion = { id: version.id, report_date: version.report_date };
    const against = `list version ${version.id} (report date ${version.report_date ?? 'not given'})`;
    const matches = sanctions.potential_matches;
    if (matches.length === 0) {
      return {
        reasons: [],
        detail: `${sanctions.screened.length} name(s) screened against ${against}: no potential match.`,
      };
    }
    const who = matches.map((match) => `${match.subject.name} (${match.subject.role}, score ${match.score})`);
    return {
      reasons: [
        kybReason(
          'sanctions_potential_match',
          `${matches.length} potential match(es) against ${against} for review: ${who.join('; ')}.`,
          {
            list_version: listVersion,
            matches: matches.map(({ subject, score, designation, explanation }) => ({
              subject,
              score,
              designation,
              explanation,
            })),
          },
        ),
      ],
      detail: `${sanctions.screened.length} name(s) screened against ${against}: ${matches.length} potential match(es).`,
    };
  },
};
