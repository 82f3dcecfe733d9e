import { evidence } from './health-evidence';
import { plusMonths } from './health-days';
import { fired, notApplied, passed, type RuleEvaluator } from './rule-outcome';

/*
 * Company age: a young company has a short record to judge by and, on the ONS's business demography, a lower
 * survival rate. Bands by whole years since incorporation; the points end on the anniversary.
 */

export interface AgeBand {
  /** Below this many years old. */
  underYears: number;
  points: number;
}

export function youngCompanyRule(bands: readonly AgeBand[]): RuleEvaluator {
  return (facts, asOf) => {
    const created = facts.profile.dateOfCreation;
    if (created === null) return notApplied('the incorporation date is not on the register');
    const band = bands.find((candidate) => asOf < plusMonths(created, candidate.underYears * 12));
    if (!band) return passed(`incorporated ${created}`);
    const until = plusMonths(created, band.underYears * 12);
    return fired({
      points: band.points,
      detail: `Incorporated ${created}: under ${band.underYears} year${band.underYears === 1 ? '' : 's'} old on the day.`,
      evidence: evidence({
        dates: [
          { name: 'date_of_creation', date: created },
          { name: 'band_ends', date: until },
        ],
      }),
      changesOn: [until],
    });
  };
}
