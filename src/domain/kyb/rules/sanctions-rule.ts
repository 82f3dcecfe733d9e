import { dataMissing, kybReason } from '../reason-builders';
import type { KybRule } from './kyb-rule';
import { SANCTIONS_LISTS, sanctionsListIdSchema } from '../../sanctions/sanctions-lists';

/** The list's name for a list id the screen gave; an id this service does not know is shown as it is. */
function listName(list: string): string {
  const known = sanctionsListIdSchema.safeParse(list);
  return known.success ? SANCTIONS_LISTS[known.data].name : list;
}

/**
 * Every potential match of the screen refers, with the match as the screen explained it: a name match is for a
 * person to review, never a finding that anyone is sanctioned. No list held means nothing was screened; the lists
 * screened and those not screened are named either way.
 */
export const sanctionsRule: KybRule = {
  check: 'sanctions',
  apply({ sanctions }) {
    const versions = sanctions.list_versions;
    const notScreened = sanctions.lists_not_screened.map(
      ({ name, reason }) =>
        `${name} (${reason === 'not_held' ? 'not held' : reason === 'not_chosen' ? 'not chosen' : reason})`,
    );
    const without = notScreened.length === 0 ? '' : ` Not screened against: ${notScreened.join(', ')}.`;
    if (versions.length === 0) {
      return {
        reasons: [
          dataMissing(
            'sanctions',
            'sanctions lists',
            `No sanctions list version was available to screen against, so no name was screened.${without}`,
          ),
        ],
        detail: `Not screened: no sanctions list version available.${without}`,
      };
    }
    const listVersions = versions.map(({ list, id, published_on }) => ({ list, id, published_on }));
    const against = versions
      .map(
        ({ list, id, published_on }) =>
          `${listName(list)} version ${id} (published ${published_on ?? 'date not given'})`,
      )
      .join(', ');
    const matches = sanctions.potential_matches;
    if (matches.length === 0) {
      return {
        reasons: [],
        detail: `${sanctions.screened.length} name(s) screened against ${against}: no potential match.${without}`,
      };
    }
    const who = matches.map((match) => `${match.subject.name} (${match.subject.role}, score ${match.score})`);
    return {
      reasons: [
        kybReason(
          'sanctions_potential_match',
          `${matches.length} potential match(es) against ${against} for review: ${who.join('; ')}.${without}`,
          {
            list_versions: listVersions,
            matches: matches.map(({ subject, score, designation, explanation }) => ({
              subject,
              score,
              designation,
              explanation,
            })),
          },
        ),
      ],
      detail: `${sanctions.screened.length} name(s) screened against ${against}: ${matches.length} potential match(es).${without}`,
    };
  },
};
