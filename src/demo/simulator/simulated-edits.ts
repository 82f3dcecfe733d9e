import type { CompanyProfile, CompanyStatus } from '../../domain/companies/company-profile';
import { isInsolvencyStatus } from '../../domain/companies/company-profile';
import { addDays } from '../../domain/companies/register-dates';
import { ServiceError } from '../../domain/errors';
import type { AlertType } from '../../domain/webhooks/events';
import {
  FIRST_WORDS,
  LOCALITIES,
  SECOND_WORDS,
  SIC_CODES,
  STREET_TYPES,
  STREETS,
  TOWNS,
} from '../demo-register-vocabulary';

/*
 * What the simulator does to a company for each kind of change: the register-held kinds edit the company
 * profile (and the register writer then records the difference, as an import would); the kinds whose data the
 * detail importers record (officers, PSCs, filings, accounts figures) are described directly, without editing the
 * stored details.
 */

export type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Calendar months later, the day kept or clamped to the month's end (31 August + 6 months = 28 February). */
function addCalendarMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

const addYears = (isoDate: string, years: number) => addCalendarMonths(isoDate, 12 * years);

/** A private company's accounts are due nine months after its period ends. */
const ACCOUNTS_DUE_MONTHS = 9;

function refuse(company: CompanyProfile, message: string): never {
  throw new ServiceError('invalid_argument', `${company.company_number}: ${message}`);
}

/** Edits a copy of the profile for a register-held change; `today` is YYYY-MM-DD. */
export function editProfile(
  profile: CompanyProfile,
  type: AlertType,
  today: string,
  random: Random,
): CompanyProfile {
  const next: CompanyProfile = structuredClone(profile);
  switch (type) {
    case 'status_change': {
      const status: CompanyStatus =
        profile.company_status === 'active'
          ? pick(random, ['dissolved', 'liquidation', 'administration', 'dissolved'] as const)
          : 'active';
      next.company_status = status;
      next.company_status_detail = null;
      next.date_of_cessation = status === 'dissolved' ? today : null;
      next.has_insolvency_history = profile.has_insolvency_history || isInsolvencyStatus(status);
      return next;
    }
    case 'name_change': {
      const name = `${pick(random, FIRST_WORDS)} ${pick(random, SECOND_WORDS)} ${pick(random, ['LIMITED', 'LTD', 'TRADING LIMITED'])}`;
      if (name === profile.company_name) return editProfile(profile, type, today, random);
      next.company_name = name;
      next.previous_company_names = [
        { name: profile.company_name, effective_from: profile.date_of_creation, ceased_on: today },
        ...profile.previous_company_names,
      ];
      return next;
    }
    case 'address_change': {
      const town = pick(random, TOWNS);
      const [area, first, last] = pick(random, town.areas);
      const district = first + Math.floor(random() * (last - first + 1));
      const inward = `${1 + Math.floor(random() * 9)}${pick(random, [...'ABDEFGHJLNPQRSTUWXYZ'])}${pick(random, [...'ABDEFGHJLNPQRSTUWXYZ'])}`;
      next.registered_office_address = {
        care_of: null,
        po_box: null,
        address_line_1: `${1 + Math.floor(random() * 200)} ${pick(random, STREETS)} ${pick(random, STREET_TYPES)}`,
        address_line_2: random() < 0.3 ? pick(random, LOCALITIES) : null,
        locality: town.town,
        region: town.county || null,
        country: profile.registered_office_address.country,
        postal_code: `${area}${district} ${inward}`,
      };
      return next;
    }
    case 'sic_change': {
      const current = new Set(profile.sic_codes);
      const candidates = SIC_CODES.map((sic) => sic.code).filter((code) => !current.has(code));
      next.sic_codes = [pick(random, candidates), ...profile.sic_codes.slice(1)];
      return next;
    }
    case 'accounts_filed': {
      const accounts = next.accounts;
      const madeUpTo =
        accounts.next_made_up_to ??
        (accounts.last_accounts.made_up_to
          ? addYears(accounts.last_accounts.made_up_to, 1)
          : addDays(today, -1));
      accounts.last_accounts = { made_up_to: madeUpTo, type: accounts.last_accounts.type ?? 'micro-entity' };
      accounts.next_made_up_to = addYears(madeUpTo, 1);
      accounts.next_due = addCalendarMonths(accounts.next_made_up_to, ACCOUNTS_DUE_MONTHS);
      return next;
    }
    case 'confirmation_statement_filed': {
      const statement = next.confirmation_statement;
      const madeUpTo =
        statement.next_made_up_to && statement.next_made_up_to <= today ? statement.next_made_up_to : today;
      statement.last_made_up_to = madeUpTo;
      statement.next_made_up_to = addYears(madeUpTo, 1);
      statement.next_due = addDays(addYears(madeUpTo, 1), 14);
      return next;
    }
    case 'charge_registered': {
      const counts = next.charge_counts;
      counts.total += 1;
      counts.outstanding += 1;
      next.has_charges = true;
      return next;
    }
    case 'charge_satisfied': {
      const counts = next.charge_counts;
      if (counts.outstanding === 0) refuse(profile, 'has no outstanding charge to satisfy');
      counts.outstanding -= 1;
      counts.satisfied += 1;
      return next;
    }
    case 'gazette_notice': {
      if (profile.company_status !== 'active')
        refuse(profile, `a proposal to strike off needs an active company (it is ${profile.company_status})`);
      next.company_status_detail =
        profile.company_status_detail === 'active-proposal-to-strike-off'
          ? null
          : 'active-proposal-to-strike-off';
      return next;
    }
    default:
      throw new Error(`${type} is not held on the company profile`);
  }
}

const FORENAMES = [
  'Amelia',
  'Oliver',
  'Priya',
  'James',
  'Fatima',
  'George',
  'Siobhan',
  'Tomasz',
  'Grace',
  'Rhys',
];
const SURNAMES = [
  'SMITH',
  'JONES',
  'PATEL',
  'WILLIAMS',
  'KHAN',
  'BROWN',
  'MURPHY',
  'NOWAK',
  'TAYLOR',
  'EVANS',
];
const FILINGS = [
  { type: 'AD01', category: 'address', description: 'Change of registered office address' },
  { type: 'SH01', category: 'capital', description: 'Statement of capital following an allotment of shares' },
  { type: 'RESOLUTIONS', category: 'resolution', description: 'Resolutions' },
  { type: 'MR01', category: 'mortgage', description: 'Registration of a charge' },
  { type: 'TM01', category: 'officers', description: 'Termination of appointment of a director' },
];

/** The change's new value for a kind held outside the companies table; `description` is what the alert shows. */
export function describedChange(type: AlertType, today: string, random: Random): Record<string, unknown> {
  const person = `${pick(random, FORENAMES)} ${pick(random, SURNAMES)}`;
  switch (type) {
    case 'officer_change': {
      const action = random() < 0.5 ? 'appointed' : 'resigned';
      const role = random() < 0.85 ? 'director' : 'secretary';
      return {
        action,
        role,
        name: person,
        date: today,
        description: `${person} ${action} as ${role} on ${today}`,
      };
    }
    case 'psc_change': {
      const ceased = random() < 0.3;
      return {
        action: ceased ? 'ceased' : 'notified',
        name: person,
        natures_of_control: ['ownership-of-shares-25-to-50-percent'],
        date: today,
        description: ceased
          ? `${person} ceased to be a person with significant control on ${today}`
          : `${person} notified as a person with significant control (owns 25% to 50% of shares) on ${today}`,
      };
    }
    case 'new_filing': {
      const filing = pick(random, FILINGS);
      return {
        ...filing,
        date: today,
        description: `new ${filing.type} filing: ${filing.description}, ${today}`,
      };
    }
    case 'financials_available':
      return {
        date: today,
        description: `figures from the latest filed accounts are available (read them with get_financial_history)`,
      };
    default:
      throw new Error(`${type} is held on the company profile`);
  }
}
