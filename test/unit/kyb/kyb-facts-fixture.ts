import type { OfficerItem } from '../../../src/domain/officers/officer-view';
import type { CompanyProfile } from '../../../src/domain/companies/company-profile';
import type { HealthScoreSummary } from '../../../src/domain/health/score-company';
import type { KybFacts } from '../../../src/domain/kyb/kyb-facts';
import type { KybSanctionsScreen } from '../../../src/domain/kyb/kyb-sources';
import { levenshteinSimilarity } from '../../../src/domain/kyb/stated-name';
import type { PscRegister } from '../../../src/domain/pscs/psc-view';

/** ACORN LEAF CONSULTING LTD as the register sample holds it, judged on 2026-03-02: a company every check passes. */
export const profile: CompanyProfile = {
  company_number: '09876543',
  company_name: 'ACORN LEAF CONSULTING LTD',
  company_status: 'active',
  company_status_detail: null,
  type: 'ltd',
  subtype: null,
  jurisdiction: 'england-wales',
  date_of_creation: '2015-11-14',
  date_of_cessation: null,
  registered_office_address: {
    care_of: null,
    po_box: null,
    address_line_1: 'FLAT 4, 27 OLD STREET',
    address_line_2: null,
    locality: 'LONDON',
    region: null,
    country: 'UNITED KINGDOM',
    postal_code: 'EC1V 9HL',
  },
  sic_codes: ['70229', '62020'],
  accounts: {
    accounting_reference_date: { day: 30, month: 11 },
    last_accounts: { made_up_to: '2024-11-30', type: 'micro-entity' },
    next_made_up_to: '2025-11-30',
    next_due: '2026-08-31',
    overdue: false,
  },
  confirmation_statement: {
    last_made_up_to: '2025-11-14',
    next_made_up_to: '2026-11-14',
    next_due: '2026-11-28',
    overdue: false,
  },
  annual_return: { last_made_up_to: null, next_due: null },
  previous_company_names: [
    { name: 'ACORN LEAF SOLUTIONS LTD', effective_from: '2017-01-20', ceased_on: '2019-04-03' },
    { name: 'ACORN IT SERVICES LTD', effective_from: '2015-11-14', ceased_on: '2017-01-20' },
  ],
  has_charges: false,
  charge_counts: { total: 0, outstanding: 0, part_satisfied: 0, satisfied: 0 },
  has_insolvency_history: false,
  country_of_origin: 'United Kingdom',
  uri: null,
};

export const pscRegister: PscRegister = {
  company_number: '09876543',
  active_count: 1,
  ceased_count: 0,
  items: [
    {
      psc_id: 'oldham-1',
      kind: 'individual-person-with-significant-control',
      category: 'individual',
      name: 'Mrs Margaret Anne OLDHAM',
      date_of_birth: { month: 3, year: 1971 },
      nationality: 'British',
      country_of_residence: 'England',
      address: null,
      identification: null,
      natures_of_control: [
        { code: 'ownership-of-shares-75-to-100-percent', description: 'holds more than 75% of the shares' },
      ],
      notified_on: '2016-04-06',
      ceased_on: null,
      is_active: true,
      identity_verification: null,
      registered_company_number: null,
    },
  ],
  statements: [],
};

export const director: OfficerItem = {
  officer_id: 'oldham-officer',
  appointment_id: 'oldham-appointment',
  name: 'OLDHAM, Margaret Anne',
  officer_role: 'director',
  appointed_on: '2016-04-06',
  resigned_on: null,
  is_active: true,
  date_of_birth: { month: 3, year: 1971 },
  nationality: 'British',
  country_of_residence: 'England',
  occupation: 'Consultant',
  address: {
    care_of: null,
    po_box: null,
    premises: null,
    address_line_1: '1 Acorn Way',
    address_line_2: null,
    locality: 'Leeds',
    region: null,
    postal_code: 'LS1 1AA',
    country: null,
  },
  identity_verification: null,
};

export const listVersion = { list: 'uk', id: '3', published_on: '2026-02-27' };

export const noMatchScreen: KybSanctionsScreen = {
  list_versions: [listVersion],
  lists_not_screened: [],
  screened: [
    { role: 'company', name: 'ACORN LEAF CONSULTING LTD', kind: 'entity' },
    { role: 'psc', name: 'Mrs Margaret Anne OLDHAM', kind: 'individual' },
  ],
  potential_matches: [],
};

export const lowRisk: HealthScoreSummary = {
  companyNumber: '09876543',
  modelVersion: 'health-1',
  asOf: '2026-03-02',
  score: 82,
  grade: 'A',
  riskLevel: 'low',
  validUntil: '2026-08-31',
  firedCodes: [],
};

export function facts(overrides: Partial<KybFacts> = {}): KybFacts {
  return {
    profile,
    snapshotAt: new Date('2026-03-01T06:00:00.000Z'),
    officeFlags: { inDispute: null, undeliverable: null },
    pscs: pscRegister,
    officers: [director],
    disqualifications: {},
    insolvencyCases: [],
    sharedOffice: { postcode: 'EC1V 9HL', address_line_1: 'FLAT 4, 27 OLD STREET', active_companies: 1 },
    sharedOfficeThreshold: 50,
    statedAddress: null,
    ownership: null,
    statedName: 'Acorn Leaf Consulting Limited',
    asOfDay: '2026-03-02',
    sanctions: noMatchScreen,
    health: lowRisk,
    similarity: levenshteinSimilarity,
    ...overrides,
  };
}

export function withProfile(changes: Partial<CompanyProfile>, overrides: Partial<KybFacts> = {}): KybFacts {
  return facts({ profile: { ...profile, ...changes }, ...overrides });
}
