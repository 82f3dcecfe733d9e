import type { PscExemptionView } from '../exemptions/company-exemptions';
import type { PscIdentification } from '../pscs/psc-item';

/*
 * What the trace reads of one company: who owns it now (its active PSC entries), whether it is exempt from the
 * PSC regime, and its status. Read through a function the trace is given (the store, with a live fetch when a
 * Companies House key is set), so the walk itself is pure and is tested with companies built in the test.
 */

export interface OwnerEntry {
  psc_id: string;
  kind: string;
  name: string | null;
  date_of_birth: { month: number; year: number } | null;
  identification: PscIdentification | null;
  natures_of_control: readonly string[];
}

export interface OwnershipNode {
  company_number: string;
  company_name: string;
  company_status: string;
  /** Active entries; null when the company's register of PSCs is not held. */
  owners: readonly OwnerEntry[] | null;
  /** Active PSC statement codes (what the company says instead of naming someone). */
  statements: readonly string[];
  /** A PSC exemption current on the day of the trace; null when none. */
  exemption: PscExemptionView | null;
}

/** The company with that number (canonical form), or null when the register does not hold it. */
export type ReadOwnershipNode = (companyNumber: string) => Promise<OwnershipNode | null>;
