import { daysBetween, plusMonths } from '../../health/health-days';
import { RECENT_INCORPORATION_MONTHS } from '../kyb-reasons';
import { dataMissing, kybReason } from '../reason-builders';
import type { KybRule } from './kyb-rule';

/** Recently incorporated: the check's day comes before the anniversary RECENT_INCORPORATION_MONTHS later. */
export const incorporationRule: KybRule = {
  check: 'incorporation',
  apply({ profile, asOfDay }) {
    const created = profile.date_of_creation;
    if (created === null) {
      return {
        reasons: [
          dataMissing(
            'incorporation',
            'date of incorporation',
            'The register gives no date of incorporation, so the company’s age cannot be judged.',
          ),
        ],
        detail: 'No date of incorporation held.',
      };
    }
    const age = daysBetween(created, asOfDay);
    const reasons =
      asOfDay < plusMonths(created, RECENT_INCORPORATION_MONTHS)
        ? [
            kybReason(
              'recently_incorporated',
              `Incorporated on ${created}, ${age} days before the check: under ${RECENT_INCORPORATION_MONTHS} months.`,
              { date_of_creation: created, age_days: age, threshold_months: RECENT_INCORPORATION_MONTHS },
            ),
          ]
        : [];
    return { reasons, detail: `Incorporated on ${created}, ${age} days before the check.` };
  },
};
