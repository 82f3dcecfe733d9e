import type { RegisteredOfficeAddress } from '../../companies/company-profile';
import { postcodeKeys } from '../../companies/postcode';
import { kybReason } from '../reason-builders';
import type { KybRule } from './kyb-rule';

/*
 * When the registrar upholds a complaint that a company uses an address without authority (form RP07), it moves
 * the registered office to its default address: "PO Box 4385, <company number>: Companies House Default Address,
 * Cardiff, CF14 8LH". The postcode belongs to that PO box; with the PO box number or the words "default address"
 * anywhere in the address, it is the default address.
 */
const DEFAULT_ADDRESS_POSTCODE = 'CF148LH';

export function isCompaniesHouseDefaultAddress(address: RegisteredOfficeAddress): boolean {
  if (postcodeKeys(address.postal_code).compact !== DEFAULT_ADDRESS_POSTCODE) return false;
  const text = Object.values(address)
    .filter((part): part is string => part !== null)
    .join(' ')
    .toUpperCase();
  return /\b4385\b/.test(text) || text.includes('DEFAULT ADDRESS');
}

export const registeredOfficeRule: KybRule = {
  check: 'registered_office',
  apply({ profile, officeFlags }) {
    const flags: string[] = [];
    if (officeFlags.inDispute === true) flags.push('in_dispute');
    if (officeFlags.undeliverable === true) flags.push('undeliverable');
    if (isCompaniesHouseDefaultAddress(profile.registered_office_address))
      flags.push('companies_house_default_address');
    const held =
      officeFlags.inDispute === null && officeFlags.undeliverable === null
        ? 'the register’s in-dispute and undeliverable flags are not held for this company'
        : `in dispute: ${officeFlags.inDispute ?? 'not held'}, undeliverable: ${officeFlags.undeliverable ?? 'not held'}`;
    const reasons =
      flags.length === 0
        ? []
        : [
            kybReason(
              'registered_office_flagged',
              `The registered office is flagged: ${flags.join(', ').replace(/_/g, ' ')}.`,
              {
                flags,
                registered_office_is_in_dispute: officeFlags.inDispute,
                undeliverable_registered_office_address: officeFlags.undeliverable,
                registered_office_address: profile.registered_office_address,
              },
            ),
          ];
    return {
      reasons,
      detail: `${flags.length === 0 ? 'Not at Companies House’s default address' : 'Flagged'}; ${held}.`,
    };
  },
};
