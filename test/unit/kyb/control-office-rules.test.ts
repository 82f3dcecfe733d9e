import { controlRule } from '../../../src/domain/kyb/rules/control-rule';
import {
  isCompaniesHouseDefaultAddress,
  registeredOfficeRule,
} from '../../../src/domain/kyb/rules/registered-office-rule';
import { facts, profile, pscRegister, withProfile } from './kyb-facts-fixture';

const statement = {
  statement: 'psc-exists-but-not-identified',
  description: 'the company believes someone has significant control over it but has not identified who',
  notified_on: '2024-05-01',
  ceased_on: null,
  is_active: true,
};

describe('control rule', () => {
  it('passes an active person with significant control', () => {
    expect(controlRule.apply(facts())).toEqual({
      reasons: [],
      detail: '1 active person(s) with significant control; 0 active statement(s).',
    });
  });

  it('refers statements only, listing the active ones', () => {
    const withdrawn = { ...statement, statement: 'steps-to-find-psc-not-yet-completed', is_active: false };
    const { reasons } = controlRule.apply(
      facts({
        pscs: {
          ...pscRegister,
          active_count: 0,
          ceased_count: 1,
          items: [],
          statements: [statement, withdrawn],
        },
      }),
    );
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'psc_statements_only',
        outcome: 'refer',
        evidence: {
          active_count: 0,
          ceased_count: 1,
          statements: [
            { statement: statement.statement, description: statement.description, notified_on: '2024-05-01' },
          ],
          senior_managing_officials: [
            { name: 'OLDHAM, Margaret Anne', officer_role: 'director', appointed_on: '2016-04-06' },
          ],
        },
      }),
    ]);
  });

  it('refers a register that names nobody and says nothing, withdrawn statements counting as nothing', () => {
    const withdrawn = { ...statement, is_active: false };
    const { reasons } = controlRule.apply(
      facts({
        pscs: { ...pscRegister, active_count: 0, ceased_count: 0, items: [], statements: [withdrawn] },
      }),
    );
    expect(reasons.map((reason) => [reason.code, reason.outcome])).toEqual([['no_psc_identified', 'refer']]);
  });

  it('cannot run without PSC data', () => {
    expect(controlRule.apply(facts({ pscs: null })).reasons).toEqual([
      expect.objectContaining({
        code: 'data_missing',
        evidence: { check: 'control', data: 'register of persons with significant control' },
      }),
    ]);
  });
});

const defaultAddress = {
  care_of: null,
  po_box: '4385',
  address_line_1: '09876543 - COMPANIES HOUSE DEFAULT ADDRESS',
  address_line_2: null,
  locality: 'CARDIFF',
  region: null,
  country: null,
  postal_code: 'CF14 8LH',
};

describe('registered office rule', () => {
  it('recognises Companies House’s default address by its postcode with the PO box or the words', () => {
    expect(isCompaniesHouseDefaultAddress(defaultAddress)).toBe(true);
    expect(isCompaniesHouseDefaultAddress({ ...defaultAddress, address_line_1: null })).toBe(true);
    expect(isCompaniesHouseDefaultAddress({ ...defaultAddress, po_box: null })).toBe(true);
    expect(
      isCompaniesHouseDefaultAddress({ ...defaultAddress, po_box: null, address_line_1: '1 High Street' }),
    ).toBe(false);
    expect(isCompaniesHouseDefaultAddress({ ...defaultAddress, postal_code: 'CF14 3UZ' })).toBe(false);
    expect(isCompaniesHouseDefaultAddress(profile.registered_office_address)).toBe(false);
  });

  it('refers the default address and says the register’s flags are not held', () => {
    const { reasons, detail } = registeredOfficeRule.apply(
      withProfile({ registered_office_address: defaultAddress }),
    );
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'registered_office_flagged',
        outcome: 'refer',
        evidence: {
          flags: ['companies_house_default_address'],
          registered_office_is_in_dispute: null,
          undeliverable_registered_office_address: null,
          registered_office_address: defaultAddress,
        },
      }),
    ]);
    expect(detail).toBe(
      'Flagged; the register’s in-dispute and undeliverable flags are not held for this company; not a PO box; active companies at this address: 1 (threshold 50); no stated address given.',
    );
  });

  it('refers the register’s in-dispute and undeliverable flags', () => {
    const { reasons } = registeredOfficeRule.apply(
      facts({ officeFlags: { inDispute: true, undeliverable: true } }),
    );
    expect(reasons[0]!.evidence).toMatchObject({ flags: ['in_dispute', 'undeliverable'] });
  });

  it('passes flags held as false, saying so', () => {
    expect(
      registeredOfficeRule.apply(facts({ officeFlags: { inDispute: false, undeliverable: null } })),
    ).toEqual({
      reasons: [],
      detail:
        'Not at Companies House’s default address; in dispute: false, undeliverable: not held; not a PO box; active companies at this address: 1 (threshold 50); no stated address given.',
    });
  });
});
