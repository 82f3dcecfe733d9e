import type { EntityManager } from '@mikro-orm/core';
import type { RegisteredOfficeAddress } from '../companies/company-profile';
import { postcodeKeys } from '../companies/postcode';
import { officeLineKey } from '../companies/office-address-key';

/** How many active companies have the same registered office (office-address-key.ts says what "same" is). */
export interface SharedOfficeCount {
  postcode: string;
  address_line_1: string;
  /** This company included when it is active. */
  active_companies: number;
}

// Every column here is in the postcode index (outward code, postcode, office key, status): the count reads it alone.
const COUNT_SQL =
  'select count(*) as n from companies where postcode_outward = ? and postcode_compact = ? ' +
  "and office_line_key = ? and company_status = 'active'";

/** null when the office has no full postcode or no first line: no address to compare. */
export async function countActiveCompaniesAtOffice(
  em: EntityManager,
  address: RegisteredOfficeAddress,
): Promise<SharedOfficeCount | null> {
  const { compact, outward } = postcodeKeys(address.postal_code);
  const line = address.address_line_1;
  const key = officeLineKey(line);
  if (compact === null || outward === null || key === null) return null;
  const [row] = await em
    .getConnection()
    .execute<{ n: number | string }[]>(COUNT_SQL, [outward, compact, key]);
  return { postcode: address.postal_code!, address_line_1: line!, active_companies: Number(row?.n ?? 0) };
}
