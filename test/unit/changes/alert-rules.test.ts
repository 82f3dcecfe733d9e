import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  alertSeverity,
  alertWording,
  SEVERITY_RULES,
  type StoredChange,
} from '../../../src/domain/changes/alert-rules';
import type { ChangeField } from '../../../src/domain/changes/company-changes';
import { alertTypes, type AlertType, type Severity } from '../../../src/domain/webhooks/events';

const company = { name: 'ACORN LEAF CONSULTING LTD', number: '09876543' };

const change = (
  alertType: AlertType,
  field: ChangeField,
  oldValue: unknown,
  newValue: unknown,
): StoredChange => ({ alertType, field, oldValue, newValue });

const status = (from: string, to: string, detail: string | null = null, cessation: string | null = null) =>
  change(
    'status_change',
    'company_status',
    { status: from, detail: null, date_of_cessation: null },
    { status: to, detail, date_of_cessation: cessation },
  );

const strikeOff = change(
  'gazette_notice',
  'company_status',
  { status: 'active', detail: null },
  { status: 'active', detail: 'active-proposal-to-strike-off' },
);
const strikeOffWithdrawn = change(
  'gazette_notice',
  'company_status',
  { status: 'active', detail: 'active-proposal-to-strike-off' },
  { status: 'active', detail: null },
);
const insolvency = change(
  'gazette_notice',
  'insolvency',
  { has_insolvency_history: false },
  { has_insolvency_history: true },
);

const address = {
  care_of: null,
  po_box: null,
  address_line_1: 'FLAT 4, 27 OLD STREET',
  address_line_2: null,
  locality: 'LONDON',
  region: null,
  country: 'UNITED KINGDOM',
  postal_code: 'EC1V 9HL',
};
const newAddress = {
  care_of: 'FRP ADVISORY TRADING LIMITED',
  po_box: '123',
  address_line_1: '2ND FLOOR 110 CANNON STREET',
  address_line_2: null,
  locality: 'LONDON',
  region: null,
  country: 'ENGLAND',
  postal_code: 'EC4N 6EU',
};
const charges = { total: 2, outstanding: 1, part_satisfied: 0, satisfied: 1 };

/** One typical change per alert type, as the feed stores it. */
const examples: Record<AlertType, StoredChange> = {
  status_change: status('active', 'liquidation'),
  name_change: change('name_change', 'company_name', 'ACORN LEAF CONSULTING LTD', 'ACORN LEAF DIGITAL LTD'),
  address_change: change('address_change', 'registered_office_address', address, newAddress),
  sic_change: change('sic_change', 'sic_codes', ['70229', '62020'], ['62020', '62090']),
  accounts_filed: change(
    'accounts_filed',
    'last_accounts',
    { made_up_to: '2023-11-30', type: 'micro-entity' },
    { made_up_to: '2024-11-30', type: 'micro-entity' },
  ),
  accounts_overdue: change(
    'accounts_overdue',
    'accounts_due',
    { next_due: '2025-08-31', overdue: false },
    { next_due: '2025-08-31', overdue: true },
  ),
  confirmation_statement_filed: change(
    'confirmation_statement_filed',
    'confirmation_statement',
    { made_up_to: '2024-11-14' },
    { made_up_to: '2025-11-14' },
  ),
  confirmation_statement_overdue: change(
    'confirmation_statement_overdue',
    'confirmation_statement_due',
    { next_due: '2025-11-28', overdue: false },
    { next_due: '2025-11-28', overdue: true },
  ),
  charge_registered: change('charge_registered', 'charges', charges, {
    total: 3,
    outstanding: 2,
    part_satisfied: 0,
    satisfied: 1,
  }),
  charge_satisfied: change('charge_satisfied', 'charges', charges, {
    total: 2,
    outstanding: 0,
    part_satisfied: 0,
    satisfied: 2,
  }),
  psc_change: change('psc_change', 'persons_with_significant_control', null, {
    action: 'notified',
    name: 'Priya PATEL',
    description: 'Priya PATEL notified as a person with significant control on 2025-06-01',
  }),
  gazette_notice: strikeOff,
  new_filing: change('new_filing', 'filing_history', null, {
    type: 'SH01',
    description: 'new SH01 filing: Statement of capital following an allotment of shares, 2025-06-01',
  }),
  officer_change: change('officer_change', 'officers', null, {
    action: 'resigned',
    role: 'director',
    name: 'James SMITH',
    description: 'James SMITH resigned as director on 2025-06-01',
  }),
  financials_available: change('financials_available', 'accounts_figures', null, {
    description: 'figures from the latest filed accounts are available',
  }),
};

describe('alertSeverity', () => {
  it('has one rule for every alert type and none other', () => {
    expect(Object.keys(SEVERITY_RULES).sort()).toEqual([...alertTypes].sort());
  });

  it.each<[AlertType, Severity]>([
    ['name_change', 'info'],
    ['address_change', 'info'],
    ['sic_change', 'info'],
    ['accounts_filed', 'info'],
    ['accounts_overdue', 'warning'],
    ['confirmation_statement_filed', 'info'],
    ['confirmation_statement_overdue', 'warning'],
    ['charge_registered', 'warning'],
    ['charge_satisfied', 'info'],
    ['psc_change', 'warning'],
    ['new_filing', 'info'],
    ['financials_available', 'info'],
  ])('%s is %s', (type, severity) => {
    expect(alertSeverity(examples[type])).toBe(severity);
  });

  it.each([
    'dissolved',
    'liquidation',
    'receivership',
    'administration',
    'voluntary-arrangement',
    'insolvency-proceedings',
    'converted-closed',
    'removed',
    'closed',
  ])('status_change to %s is critical', (to) => {
    expect(alertSeverity(status('active', to))).toBe('critical');
  });

  it('status_change back to active is info', () => {
    expect(alertSeverity(status('liquidation', 'active'))).toBe('info');
    expect(alertSeverity(status('dissolved', 'active'))).toBe('info');
  });

  it('status_change to any other status is warning; a relabelled detail under the same status is info', () => {
    expect(alertSeverity(status('active', 'registered'))).toBe('warning');
    expect(alertSeverity(status('registered', 'open'))).toBe('warning');
    const relabelled = change(
      'status_change',
      'company_status',
      { status: 'registered', detail: null },
      { status: 'registered', detail: 'converted-to-plc' },
    );
    expect(alertSeverity(relabelled)).toBe('info');
    expect(alertWording(relabelled, { name: 'ACME LTD', number: '01234567' })).toEqual({
      title: 'Status detail changed to converted to plc',
      detail:
        'ACME LTD (01234567): company status detail changed from none to converted to plc; the status is still registered.',
    });
  });

  it('accounts_filed names the kind of accounts only when the register says it', () => {
    const filed = (type: string | null) =>
      alertWording(
        change(
          'accounts_filed',
          'last_accounts',
          { made_up_to: null, type: null },
          { made_up_to: '2025-03-31', type },
        ),
        { name: 'ACME LTD', number: '01234567' },
      ).detail;
    expect(filed(null)).toBe('ACME LTD (01234567): accounts made up to 2025-03-31 were filed.');
    expect(filed('no-accounts-type-available')).toBe(
      'ACME LTD (01234567): accounts made up to 2025-03-31 were filed.',
    );
    expect(filed('full')).toBe('ACME LTD (01234567): full accounts made up to 2025-03-31 were filed.');
  });

  it('gazette_notice is critical for a proposal to strike off and for insolvency, info for a withdrawal', () => {
    expect(alertSeverity(strikeOff)).toBe('critical');
    expect(alertSeverity(insolvency)).toBe('critical');
    expect(alertSeverity(strikeOffWithdrawn)).toBe('info');
  });

  it('officer_change is warning when an officer resigns, info otherwise', () => {
    expect(alertSeverity(examples.officer_change)).toBe('warning');
    const appointed = change('officer_change', 'officers', null, { action: 'appointed', description: 'x' });
    expect(alertSeverity(appointed)).toBe('info');
    const detailsChanged = change('officer_change', 'officers', null, { description: 'address changed' });
    expect(alertSeverity(detailsChanged)).toBe('info');
  });
});

describe('alertWording', () => {
  const who = `${company.name} (${company.number})`;

  it.each(alertTypes.map((type) => [type]))('%s has a title and names the company in its detail', (type) => {
    const { title, detail } = alertWording(examples[type], company);
    expect(title.length).toBeGreaterThan(0);
    expect(detail).toContain(company.number);
    if (type !== 'name_change') expect(detail).toContain(who);
  });

  it.each<[string, StoredChange, string, string]>([
    [
      'status_change',
      status('active', 'voluntary-arrangement'),
      'Status changed to voluntary arrangement',
      `${who}: company status changed from active to voluntary arrangement.`,
    ],
    [
      'status_change to dissolved',
      status('active', 'dissolved', null, '2025-05-01'),
      'Status changed to dissolved',
      `${who}: company status changed from active to dissolved, with effect from 2025-05-01.`,
    ],
    [
      'name_change',
      examples.name_change,
      'Company name changed',
      '09876543: name changed from ACORN LEAF CONSULTING LTD to ACORN LEAF DIGITAL LTD.',
    ],
    [
      'address_change',
      examples.address_change,
      'Registered office address changed',
      `${who}: registered office moved from FLAT 4, 27 OLD STREET, LONDON, EC1V 9HL, UNITED KINGDOM to ` +
        'c/o FRP ADVISORY TRADING LIMITED, PO Box 123, 2ND FLOOR 110 CANNON STREET, LONDON, EC4N 6EU, ENGLAND.',
    ],
    [
      'sic_change',
      examples.sic_change,
      'Nature of business (SIC codes) changed',
      `${who}: SIC codes changed from 70229, 62020 to 62020, 62090.`,
    ],
    [
      'sic_change from none',
      change('sic_change', 'sic_codes', [], ['62020']),
      'Nature of business (SIC codes) changed',
      `${who}: SIC codes changed from none to 62020.`,
    ],
    [
      'accounts_filed',
      examples.accounts_filed,
      'Accounts filed',
      `${who}: micro entity accounts made up to 2024-11-30 were filed.`,
    ],
    [
      'accounts_overdue',
      examples.accounts_overdue,
      'Accounts overdue',
      `${who}: accounts were due by 2025-08-31 and have not been filed.`,
    ],
    [
      'confirmation_statement_filed',
      examples.confirmation_statement_filed,
      'Confirmation statement filed',
      `${who}: a confirmation statement made up to 2025-11-14 was filed.`,
    ],
    [
      'confirmation_statement_overdue',
      examples.confirmation_statement_overdue,
      'Confirmation statement overdue',
      `${who}: a confirmation statement was due by 2025-11-28 and has not been filed.`,
    ],
    [
      'charge_registered',
      examples.charge_registered,
      'Charge registered',
      `${who}: a new charge was registered. Charges now: 3 in all, 2 outstanding, 0 part satisfied, 1 satisfied.`,
    ],
    [
      'charge_satisfied',
      examples.charge_satisfied,
      'Charge satisfied',
      `${who}: a charge was satisfied in whole or in part. Charges now: 2 in all, 0 outstanding, 0 part satisfied, 2 satisfied.`,
    ],
    [
      'gazette_notice (proposal to strike off)',
      strikeOff,
      'Proposal to strike off',
      `${who}: a first Gazette notice proposes to strike the company off the register.`,
    ],
    [
      'gazette_notice (withdrawn)',
      strikeOffWithdrawn,
      'Proposal to strike off withdrawn',
      `${who}: the proposal to strike the company off the register no longer stands.`,
    ],
    [
      'gazette_notice (insolvency)',
      insolvency,
      'Insolvency proceedings notified',
      `${who}: the register now records insolvency history for the company.`,
    ],
    [
      'psc_change',
      examples.psc_change,
      'Persons with significant control changed',
      `${who}: Priya PATEL notified as a person with significant control on 2025-06-01.`,
    ],
    [
      'officer_change',
      examples.officer_change,
      'Officers changed',
      `${who}: James SMITH resigned as director on 2025-06-01.`,
    ],
    [
      'new_filing',
      examples.new_filing,
      'New filing',
      `${who}: new SH01 filing: Statement of capital following an allotment of shares, 2025-06-01.`,
    ],
    [
      'financials_available',
      examples.financials_available,
      'Financial figures available',
      `${who}: figures from the latest filed accounts are available.`,
    ],
  ])('%s reads with its values', (_name, stored, title, detail) => {
    expect(alertWording(stored, company)).toEqual({ title, detail });
  });

  it('says "see the register" when a described change has no description', () => {
    const bare = change('officer_change', 'officers', null, { action: 'appointed' });
    expect(alertWording(bare, company).detail).toBe(`${who}: see the register.`);
  });
});

/**
 * The severity table of docs/alerts.md: the rows of the first table after the heading, each as
 * [alert type, severity rule, raised when].
 */
function documentedRules(): string[][] {
  const lines = readFileSync(join(__dirname, '../../../docs/alerts.md'), 'utf8').split('\n');
  const heading = lines.indexOf('## Alert types and severity');
  expect(heading).toBeGreaterThanOrEqual(0);
  const start = lines.findIndex((line, i) => i > heading && line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  const rows = lines.slice(start, end === -1 ? undefined : end).map((line) =>
    line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim()),
  );
  expect(rows[0]).toEqual(['alert_type', 'severity rule', 'raised when']);
  expect(rows[1]!.every((cell) => /^:?-+:?$/.test(cell))).toBe(true);
  return rows.slice(2);
}

describe('the severity table in docs/alerts.md', () => {
  it('lists every alert type once, with the rule SEVERITY_RULES applies, and says when it is raised', () => {
    const rows = documentedRules();
    const types = rows.map(([type]) => type!.replace(/^`(.*)`$/, '$1'));
    expect([...types].sort()).toEqual([...alertTypes].sort());
    expect(new Set(types).size).toBe(types.length);
    for (const [type, rule, raisedWhen] of rows) {
      const alertType = type!.replace(/^`(.*)`$/, '$1') as AlertType;
      expect({ alertType, rule }).toEqual({ alertType, rule: SEVERITY_RULES[alertType].rule });
      expect(raisedWhen).toBeTruthy();
    }
  });
});
