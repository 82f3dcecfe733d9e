import type { AccountsYearView } from '../financials/accounts-figures';
import type { CompanyResource } from '../../db/entities/company-resource-import';
import type { DisqualificationLink } from '../disqualifications/disqualification-links';

/*
 * Everything the health rules read about one company, as it was known on the score's day (load-health-facts.ts
 * builds it from the store and rolls it back for a past day). The rules are pure functions of these facts and
 * the day, which is what makes a score deterministic and testable without a database.
 */

export interface ProfileFacts {
  /** Null when the status on the day cannot be known (see the reconstruction notes). */
  status: string | null;
  statusDetail: string | null;
  type: string;
  dateOfCreation: string | null;
  dateOfCessation: string | null;
  accountingReferenceDay: number | null;
  accountingReferenceMonth: number | null;
  lastAccountsMadeUpTo: string | null;
  lastAccountsType: string | null;
  nextAccountsDue: string | null;
  confirmationStatementLastMadeUpTo: string | null;
  confirmationStatementNextDue: string | null;
  hasInsolvencyHistory: boolean;
  chargesOutstanding: number;
}

export interface FilingFact {
  transactionId: string;
  category: string;
  type: string;
  date: string;
  descriptionCode: string;
  description: string;
  /** description_values.made_up_date, when the filing has one. */
  madeUpDate: string | null;
}

export interface OfficerFact {
  appointmentId: string;
  name: string;
  role: string;
  appointedOn: string | null;
  /** Null while in office on the day. */
  resignedOn: string | null;
}

export interface PscFact {
  pscId: string;
  kind: string;
  /** Set for PSC statements. */
  statement: string | null;
  notifiedOn: string | null;
  /** Null while current on the day. */
  ceasedOn: string | null;
}

export interface ChargeFact {
  chargeId: string;
  chargeCode: string | null;
  /** As of the day: a charge satisfied later was still outstanding. */
  status: string;
  createdOn: string | null;
  satisfiedOn: string | null;
}

export interface InsolvencyCaseFact {
  caseNumber: number;
  type: string;
  dates: { type: string; date: string }[];
}

export interface HealthFacts {
  companyNumber: string;
  companyName: string;
  profile: ProfileFacts;
  /** The detail resources ever imported for the company: what is absent from the others is unknown, not none. */
  imported: ReadonlySet<CompanyResource>;
  filings: FilingFact[];
  officers: OfficerFact[];
  /** Disqualified officers linked to each appointment, by appointment id, judged on the day; absent: none. */
  disqualifications: Readonly<Record<string, DisqualificationLink[]>>;
  pscs: PscFact[];
  charges: ChargeFact[];
  insolvencyCases: InsolvencyCaseFact[];
  /** Accounts years with figures known on the day, any basis. */
  accountsYears: AccountsYearView[];
  /** What the roll-back to a past day did and could not do; empty for today. */
  reconstruction: string[];
}
