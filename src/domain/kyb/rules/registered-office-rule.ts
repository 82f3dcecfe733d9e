import type { RegisteredOfficeAddress } from '../../companies/company-profile';
import { postcodeKeys } from '../../companies/postcode';
import { poBoxInAddress } from '../po-box-address';
import { statedAddressDifferences } from '../stated-address';
import { kybReason } from '../reason-builders';
import type { KybFacts } from '../kyb-facts';
import type { KybReason } from '../kyb-result';
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

/** The day a PO box stopped being an appropriate registered office (ECCTA 2023 s.28, in force 4 March 2024). */
export const PO_BOX_BARRED_FROM = '2024-03-04';

/*
 * Companies House's default address is itself a PO box; a company moved there is already flagged
 * (registered_office_flagged), and the PO box is the registrar's, not the company's choice: it is not a PO box
 * reason too.
 */
function poBoxReason(address: RegisteredOfficeAddress, isDefaultAddress: boolean): KybReason | null {
  const finding = isDefaultAddress ? null : poBoxInAddress(address);
  if (finding === null) return null;
  return kybReason(
    'registered_office_po_box',
    `The registered office is a ${finding.kind === 'freepost' ? 'Freepost address' : 'PO box'} ` +
      `(${finding.field}: "${finding.text}"), not an appropriate address since ${PO_BOX_BARRED_FROM}.`,
    {
      kind: finding.kind,
      field: finding.field,
      text: finding.text,
      registered_office_address: address,
      not_appropriate_since: PO_BOX_BARRED_FROM,
      rule: 'Companies Act 2006 s.86 (appropriate address), inserted by Economic Crime and Corporate Transparency Act 2023 s.28',
    },
  );
}

function sharedOfficeReason(facts: KybFacts): KybReason | null {
  const shared = facts.sharedOffice;
  if (shared === null || shared.active_companies <= facts.sharedOfficeThreshold) return null;
  return kybReason(
    'registered_office_shared',
    `${shared.active_companies} active companies have this registered office (${shared.address_line_1}, ` +
      `${shared.postcode}), more than ${facts.sharedOfficeThreshold}: a formation agent's or virtual office's address.`,
    {
      active_companies: shared.active_companies,
      threshold: facts.sharedOfficeThreshold,
      postcode: shared.postcode,
      address_line_1: shared.address_line_1,
    },
  );
}

function sharedOfficeDetail(facts: KybFacts): string {
  return facts.sharedOffice === null
    ? 'no postcode and first line to count other companies at'
    : `active companies at this address: ${facts.sharedOffice.active_companies} (threshold ${facts.sharedOfficeThreshold})`;
}

function statedAddressFinding(facts: KybFacts): { reason: KybReason | null; detail: string } {
  const stated = facts.statedAddress;
  if (stated === null) return { reason: null, detail: 'no stated address given' };
  const address = facts.profile.registered_office_address;
  const differs = statedAddressDifferences(stated, address);
  if (differs.length === 0) return { reason: null, detail: 'the stated address matched' };
  return {
    detail: `the stated address differs (${differs.join(', ')})`,
    reason: kybReason(
      'stated_address_mismatch',
      `The stated address differs from the registered office in its ${differs.join(' and ').replace(/_/g, ' ')}.`,
      {
        differs,
        stated_address: { postcode: stated.postcode, address_line_1: stated.addressLine1 },
        registered_office_address: address,
      },
    ),
  };
}

export const registeredOfficeRule: KybRule = {
  check: 'registered_office',
  apply(facts) {
    const { profile, officeFlags } = facts;
    const flags: string[] = [];
    if (officeFlags.inDispute === true) flags.push('in_dispute');
    if (officeFlags.undeliverable === true) flags.push('undeliverable');
    const isDefaultAddress = isCompaniesHouseDefaultAddress(profile.registered_office_address);
    if (isDefaultAddress) flags.push('companies_house_default_address');
    const poBox = poBoxReason(profile.registered_office_address, isDefaultAddress);
    const held =
      officeFlags.inDispute === null && officeFlags.undeliverable === null
        ? 'the register’s in-dispute and undeliverable flags are not held for this company'
        : `in dispute: ${officeFlags.inDispute ?? 'not held'}, undeliverable: ${officeFlags.undeliverable ?? 'not held'}`;
    const flagReasons =
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
    const stated = statedAddressFinding(facts);
    const reasons = [...flagReasons, poBox, sharedOfficeReason(facts), stated.reason].filter(
      (reason): reason is KybReason => reason !== null,
    );
    return {
      reasons,
      detail:
        `${flags.length === 0 ? 'Not at Companies House’s default address' : 'Flagged'}; ${held}; ` +
        `${poBox === null ? 'not a PO box' : 'a PO box'}; ${sharedOfficeDetail(facts)}; ${stated.detail}.`,
    };
  },
};
