import { kybReason } from '../reason-builders';
import { compareNames, NAME_CLOSE_MATCH_THRESHOLD, type NameComparison } from '../stated-name';
import type { KybRule } from './kyb-rule';

function compared(comparison: NameComparison) {
  return {
    stated_name: comparison.stated,
    registered_name: comparison.registered,
    stated_normalised: comparison.statedNormalised,
    registered_normalised: comparison.registeredNormalised,
  };
}

/**
 * The stated name against the registered name first, then against each previous name. The same name after
 * normalisation passes; a previous name, or a name at least NAME_CLOSE_MATCH_THRESHOLD alike, refers (with the
 * similarity); anything else fails: the customer named another company, or this one wrongly.
 */
export const nameRule: KybRule = {
  check: 'name',
  apply({ profile, statedName, similarity }) {
    const current = compareNames(statedName, profile.company_name, similarity);
    if (current.same) {
      return {
        reasons: [
          kybReason(
            'name_exact',
            current.legalFormOmitted
              ? `The stated name is the registered name ${profile.company_name} without its legal form.`
              : `The stated name is the registered name ${profile.company_name} after normalisation.`,
            { ...compared(current), legal_form_omitted: current.legalFormOmitted },
          ),
        ],
        detail: `Stated name matches the registered name ${profile.company_name}.`,
      };
    }

    const previous = profile.previous_company_names.map((name) => ({
      name,
      comparison: compareNames(statedName, name.name, similarity),
    }));
    const bestPrevious = previous.reduce<(typeof previous)[number] | undefined>(
      (best, next) => (best && best.comparison.similarity >= next.comparison.similarity ? best : next),
      undefined,
    );
    const threshold = NAME_CLOSE_MATCH_THRESHOLD;
    const previousBeatsCurrent =
      bestPrevious !== undefined &&
      (bestPrevious.comparison.same || bestPrevious.comparison.similarity > current.similarity);

    if (bestPrevious && previousBeatsCurrent && bestPrevious.comparison.similarity >= threshold) {
      const { name, comparison } = bestPrevious;
      const period = `${name.effective_from ?? 'an unknown date'} to ${name.ceased_on ?? 'an unknown date'}`;
      const how = comparison.same ? 'is' : `is close to (similarity ${comparison.similarity})`;
      return {
        reasons: [
          kybReason(
            'name_previous_name',
            `The stated name ${how} ${name.name}, the company’s name from ${period}; it is now ${profile.company_name}.`,
            {
              ...compared(comparison),
              previous_name: name,
              current_name: profile.company_name,
              similarity: comparison.similarity,
              threshold,
            },
          ),
        ],
        detail: `Stated name matches a previous name, not the registered name ${profile.company_name}.`,
      };
    }

    if (current.similarity >= threshold) {
      return {
        reasons: [
          kybReason(
            'name_close_match',
            `The stated name is close to the registered name ${profile.company_name} (similarity ` +
              `${current.similarity}, threshold ${threshold}) but not the same.`,
            { ...compared(current), similarity: current.similarity, threshold },
          ),
        ],
        detail: `Stated name is close to the registered name ${profile.company_name}.`,
      };
    }

    const best = Math.max(current.similarity, bestPrevious?.comparison.similarity ?? 0);
    return {
      reasons: [
        kybReason(
          'name_mismatch',
          `The stated name does not match the registered name ${profile.company_name}` +
            `${previous.length > 0 ? ' or any previous name' : ''} (best similarity ${best}, threshold ${threshold}).`,
          {
            ...compared(current),
            similarity: current.similarity,
            best_similarity: best,
            threshold,
            previous_names_compared: previous.map(({ name, comparison }) => ({
              name: name.name,
              similarity: comparison.similarity,
            })),
          },
        ),
      ],
      detail: `Stated name does not match the company’s names.`,
    };
  },
};
