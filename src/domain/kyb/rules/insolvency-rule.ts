import { kybReason } from '../reason-builders';
import type { KybRule } from './kyb-rule';

/** Any insolvency history refers, past cases included: a company can leave administration and trade again. */
export const insolvencyRule: KybRule = {
  check: 'insolvency',
  apply({ profile, insolvencyCases }) {
    if (!profile.has_insolvency_history && insolvencyCases.length === 0) {
      return { reasons: [], detail: 'No insolvency history on the register and no insolvency case held.' };
    }
    const cases = insolvencyCases.map(({ case_number, type, dates }) => ({ case_number, type, dates }));
    const listed =
      cases.length === 0
        ? 'no case details are held'
        : cases.map((item) => `case ${item.case_number}: ${item.type.replace(/-/g, ' ')}`).join('; ');
    return {
      reasons: [
        kybReason('insolvency_history', `The register records insolvency history (${listed}).`, {
          has_insolvency_history: profile.has_insolvency_history,
          cases,
        }),
      ],
      detail: `Insolvency history: ${cases.length} case(s) held.`,
    };
  },
};
