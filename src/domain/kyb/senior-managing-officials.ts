import type { OfficerItem } from '../officers/officer-view';

/*
 * Who a KYB check names when no beneficial owner can be identified: MLR 2017 reg. 28(6)-(7) lets the relevant
 * person treat the senior person responsible for managing the body corporate as its beneficial owner, once every
 * other means is exhausted. On the register that is the current board: the directors (corporate and nominee ones
 * too), and for an LLP its members.
 */

const MANAGING = /director|llp-member|llp-designated-member/;

export interface SeniorManagingOfficial {
  name: string;
  officer_role: string;
  appointed_on: string | null;
}

/** The current directors (or LLP members); null when the officer list is not held. */
export function seniorManagingOfficials(
  officers: readonly OfficerItem[] | null,
): SeniorManagingOfficial[] | null {
  if (officers === null) return null;
  return officers
    .filter((officer) => officer.resigned_on === null && MANAGING.test(officer.officer_role))
    .map(({ name, officer_role, appointed_on }) => ({ name, officer_role, appointed_on }));
}

/** The officials in words, for a reason's detail. */
export function officialsInWords(officials: readonly SeniorManagingOfficial[] | null): string {
  if (officials === null) return 'the officer list is not held, so no senior managing official can be named';
  if (officials.length === 0) return 'the register names no current director';
  return `senior managing officials (current directors): ${officials.map((o) => o.name).join('; ')}`;
}
