import { compareYears } from '../financials/accounts-figures';
import type { HealthFacts } from './health-facts';

/*
 * The facts in one fixed order (oldest first by date, ties by id), whatever order the database returned rows
 * in: evidence lists and details then read the same on SQLite and PostgreSQL, run after run.
 */

function byKeys<T>(...keys: ((item: T) => string | number | null)[]) {
  return (a: T, b: T): number => {
    for (const key of keys) {
      const x = key(a) ?? '';
      const y = key(b) ?? '';
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  };
}

export function inCanonicalOrder(facts: HealthFacts): HealthFacts {
  return {
    ...facts,
    filings: [...facts.filings].sort(
      byKeys(
        (f) => f.date,
        (f) => f.transactionId,
      ),
    ),
    officers: [...facts.officers].sort(
      byKeys(
        (o) => o.resignedOn,
        (o) => o.appointedOn,
        (o) => o.appointmentId,
      ),
    ),
    pscs: [...facts.pscs].sort(
      byKeys(
        (p) => p.notifiedOn,
        (p) => p.pscId,
      ),
    ),
    charges: [...facts.charges].sort(
      byKeys(
        (c) => c.createdOn,
        (c) => c.chargeId,
      ),
    ),
    insolvencyCases: [...facts.insolvencyCases].sort(byKeys((c) => c.caseNumber)),
    accountsYears: [...facts.accountsYears].sort(compareYears),
  };
}
