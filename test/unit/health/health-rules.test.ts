import { addDays } from '../../../src/domain/companies/register-dates';
import type { HealthFacts } from '../../../src/domain/health/health-facts';
import { HEALTH_RULES } from '../../../src/domain/health/health-rules';
import type { Fired, RuleOutcome } from '../../../src/domain/health/rule-outcome';
import { accountsYear, AS_OF, filing, healthyFacts } from './health-facts-builder';

function outcome(code: string, facts: HealthFacts, asOf = AS_OF): RuleOutcome {
  const rule = HEALTH_RULES.find((candidate) => candidate.code === code);
  if (!rule) throw new Error(`no rule ${code}`);
  return rule.evaluate(facts, asOf);
}

function firedOf(code: string, facts: HealthFacts, asOf = AS_OF): Fired {
  const result = outcome(code, facts, asOf);
  expect(result.status).toBe('fired');
  return result as Fired;
}

function withFacts(change: (facts: HealthFacts) => void): HealthFacts {
  const facts = healthyFacts();
  change(facts);
  return facts;
}

const without = (resource: string) =>
  withFacts((facts) => {
    facts.imported = new Set([...facts.imported].filter((held) => held !== resource));
  });

describe('the healthy company', () => {
  it('fires no rule and every rule can be applied', () => {
    const facts = healthyFacts();
    for (const rule of HEALTH_RULES)
      expect({ code: rule.code, ...outcome(rule.code, facts) }).toMatchObject({ status: 'passed' });
  });
});

describe('status rules', () => {
  it.each([
    ['dissolved', 'status_dissolved', 0],
    ['removed', 'status_dissolved', 0],
    ['liquidation', 'status_liquidation', 10],
    ['administration', 'status_administration', 15],
    ['receivership', 'status_receivership', 15],
    ['insolvency-proceedings', 'status_insolvency_proceedings', 15],
    ['voluntary-arrangement', 'status_voluntary_arrangement', 30],
  ])('status %s fires %s with cap %i and severe risk', (status, code, cap) => {
    const facts = withFacts((f) => {
      f.profile.status = status;
    });
    const result = firedOf(code, facts);
    expect(result).toMatchObject({ cap, severe: true, points: 0 });
    expect(result.evidence.fields).toContainEqual({ name: 'company_status', value: status });
    for (const other of HEALTH_RULES.filter((rule) => rule.category === 'status' && rule.code !== code))
      expect(outcome(other.code, facts).status).toBe('passed');
  });

  it('a proposal to strike off caps at 30 with the status detail as evidence', () => {
    const facts = withFacts((f) => {
      f.profile.statusDetail = 'active-proposal-to-strike-off';
    });
    const result = firedOf('status_proposal_to_strike_off', facts);
    expect(result.cap).toBe(30);
    expect(result.evidence.fields).toContainEqual({
      name: 'company_status_detail',
      value: 'active-proposal-to-strike-off',
    });
  });

  it('cannot be applied when the status on the day is unknown', () => {
    const facts = withFacts((f) => {
      f.profile.status = null;
    });
    expect(outcome('status_liquidation', facts)).toEqual({
      status: 'not_applied',
      missing: 'the company status on the day is not known',
    });
  });
});

describe('overdue filings', () => {
  const dueOn = (due: string) =>
    withFacts((f) => {
      f.profile.nextAccountsDue = due;
    });

  it.each([
    [1, 10],
    [30, 10],
    [31, 20],
    [90, 20],
    [91, 30],
    [180, 30],
    [181, 40],
    [400, 40],
  ])('accounts %i days overdue take %i points', (days, points) => {
    const due = addDays(AS_OF, -days);
    const result = firedOf('accounts_overdue', dueOn(due));
    expect(result.points).toBe(points);
    expect(result.evidence.fields).toEqual([{ name: 'days_overdue', value: days }]);
    expect(result.evidence.dates).toContainEqual({ name: 'next_due', date: due });
    expect(result.detail).toContain(`${days} day`);
  });

  it('names the day the next band starts', () => {
    // 22 days overdue: the 31–90 band starts on day 31 after the due date.
    expect(firedOf('accounts_overdue', dueOn('2026-05-10')).changesOn).toEqual(['2026-06-10']);
    expect(firedOf('accounts_overdue', dueOn('2026-05-01')).changesOn).toEqual(['2026-07-31']);
    expect(firedOf('accounts_overdue', dueOn('2025-01-01')).changesOn).toEqual([]);
  });

  it('is on time on the due date itself, and says when it falls overdue', () => {
    expect(outcome('accounts_overdue', dueOn(AS_OF))).toEqual({
      status: 'passed',
      lookedAt: `accounts next due ${AS_OF}`,
      changesOn: ['2026-06-02'],
    });
  });

  it('never counts a dissolved company overdue', () => {
    const facts = dueOn('2025-01-01');
    facts.profile.status = 'dissolved';
    expect(outcome('accounts_overdue', facts)).toMatchObject({
      status: 'passed',
      lookedAt: 'a company with status dissolved owes no filings',
    });
  });

  it.each([
    [5, 5],
    [31, 10],
    [91, 15],
  ])('a confirmation statement %i days overdue takes %i points', (days, points) => {
    const facts = withFacts((f) => {
      f.profile.confirmationStatementNextDue = addDays(AS_OF, -days);
    });
    expect(firedOf('confirmation_statement_overdue', facts).points).toBe(points);
  });
});

describe('late filings', () => {
  it('counts accounts filed after the 9-month deadline in the last 3 years, with the filing as evidence', () => {
    const facts = withFacts((f) => {
      f.filings.push(
        filing({
          transactionId: 'AA2023',
          date: '2024-09-05',
          category: 'accounts',
          type: 'AA',
          descriptionCode: 'accounts-with-accounts-type-full',
          description: 'Full accounts made up to 2023-11-30',
          madeUpDate: '2023-11-30',
        }),
      );
    });
    const result = firedOf('late_accounts_filings', facts);
    expect(result.points).toBe(5);
    expect(result.evidence.filings).toEqual([
      {
        transaction_id: 'AA2023',
        type: 'AA',
        date: '2024-09-05',
        description: 'Full accounts made up to 2023-11-30',
      },
    ]);
    expect(result.evidence.dates).toEqual([{ name: 'deadline_AA2023', date: '2024-08-31' }]);
    expect(result.detail).toContain('5 days late');
    expect(result.changesOn).toEqual(['2027-09-05']);
    // Three years on, the filing has left the window.
    expect(outcome('late_accounts_filings', facts, '2027-09-05').status).toBe('passed');
    expect(outcome('late_accounts_filings', facts, '2027-09-04').status).toBe('fired');
  });

  it('caps the points at 15 and ignores amended accounts', () => {
    const facts = withFacts((f) => {
      f.filings = ['2023-07-01', '2024-07-01', '2025-07-01', '2025-12-01'].map((date, i) =>
        filing({
          transactionId: `LATE${i}`,
          date,
          category: 'accounts',
          type: 'AA',
          descriptionCode: 'accounts-with-accounts-type-full',
          madeUpDate: addDays(date, -400),
        }),
      );
      f.filings.push(
        filing({
          transactionId: 'AMENDED',
          date: '2026-01-01',
          category: 'accounts',
          type: 'AAMD',
          descriptionCode: 'accounts-amended-with-made-up-date',
          madeUpDate: '2024-11-30',
        }),
      );
    });
    const result = firedOf('late_accounts_filings', facts);
    expect(result.points).toBe(15);
    expect(result.evidence.filings.map((f) => f.transaction_id)).toEqual([
      'LATE0',
      'LATE1',
      'LATE2',
      'LATE3',
    ]);
  });

  it('gives first accounts over 12 months until 21 months after incorporation', () => {
    const facts = withFacts((f) => {
      f.profile.dateOfCreation = '2023-01-10';
      f.filings = [
        filing({
          transactionId: 'FIRST',
          date: '2024-10-10',
          category: 'accounts',
          descriptionCode: 'accounts-with-accounts-type-micro-entity',
          madeUpDate: '2024-01-31',
        }),
      ];
    });
    expect(outcome('late_accounts_filings', facts).status).toBe('passed');
    facts.filings[0]!.date = '2024-10-11';
    expect(firedOf('late_accounts_filings', facts).evidence.dates).toEqual([
      { name: 'deadline_FIRST', date: '2024-10-10' },
    ]);
  });

  it('counts confirmation statements filed more than 14 days after their made-up date', () => {
    const facts = withFacts((f) => {
      f.filings.push(
        filing({
          transactionId: 'CSLATE',
          date: '2023-12-01',
          category: 'confirmation-statement',
          type: 'CS01',
          madeUpDate: '2023-11-14',
        }),
      );
    });
    const result = firedOf('late_confirmation_statements', facts);
    expect(result.points).toBe(3);
    expect(result.evidence.filings.map((f) => f.transaction_id)).toEqual(['CSLATE']);
    expect(result.evidence.dates).toEqual([{ name: 'deadline_CSLATE', date: '2023-11-28' }]);
  });

  it.each([
    'late_accounts_filings',
    'late_confirmation_statements',
    'gazette_notice',
    'frequent_office_moves',
  ])('%s cannot be applied without the filing history', (code) => {
    expect(outcome(code, without('filing_history'))).toEqual({
      status: 'not_applied',
      missing: 'the filing history was never imported',
    });
  });
});

describe('gazette notices and office moves', () => {
  const gazette = (transactionId: string, date: string, descriptionCode: string) =>
    filing({
      transactionId,
      date,
      category: 'gazette',
      type: 'GAZ1',
      descriptionCode,
      description: descriptionCode,
    });

  it('fires for a notice in the last 12 months, not for a discontinuation or an older notice', () => {
    const facts = withFacts((f) => {
      f.filings.push(
        gazette('G1', '2026-02-10', 'gazette-notice-compulsory'),
        gazette('G2', '2026-04-01', 'gazette-filings-brought-up-to-date'),
        gazette('G0', '2025-06-01', 'gazette-notice-compulsory'),
      );
    });
    const result = firedOf('gazette_notice', facts);
    expect(result.points).toBe(15);
    expect(result.evidence.filings.map((f) => f.transaction_id)).toEqual(['G1']);
    expect(result.changesOn).toEqual(['2027-02-10']);
  });

  it('fires for two registered office moves in 12 months', () => {
    const move = (transactionId: string, date: string) =>
      filing({ transactionId, date, category: 'address', type: 'AD01' });
    const facts = withFacts((f) => {
      f.filings.push(move('M1', '2025-09-01'), move('M0', '2025-05-01'));
    });
    expect(outcome('frequent_office_moves', facts)).toMatchObject({
      status: 'passed',
      lookedAt: '1 registered office change in the last 12 months',
    });
    facts.filings.push(move('M2', '2026-03-01'));
    const result = firedOf('frequent_office_moves', facts);
    expect(result.points).toBe(5);
    expect(result.evidence.filings.map((f) => f.transaction_id)).toEqual(['M1', 'M2']);
  });
});

describe('financial rules', () => {
  const withYears = (...years: ReturnType<typeof accountsYear>[]) =>
    withFacts((f) => {
      f.accountsYears = years;
    });

  it('net liabilities fire with the figure and the fact it was read from', () => {
    const facts = withYears(accountsYear('2025-11-30', { net_assets: -22_849 }));
    const result = firedOf('net_liabilities', facts);
    expect(result.points).toBe(15);
    expect(result.evidence.accounts_figures).toEqual([
      {
        period_end: '2025-11-30',
        measure: 'net_assets',
        value: -22_849,
        sources: [{ fact: 'core:net_assets', context: 'c-2025-11-30', line: 10 }],
      },
    ]);
    expect(result.detail).toContain('£22,849');
  });

  it('losses two years running take 10, three take 15', () => {
    const loss = (periodEnd: string, value: number) => accountsYear(periodEnd, { profit_loss: value });
    expect(
      firedOf('loss_making_years_in_a_row', withYears(loss('2025-11-30', -5), loss('2024-11-30', -7))).points,
    ).toBe(10);
    const three = firedOf(
      'loss_making_years_in_a_row',
      withYears(loss('2025-11-30', -5), loss('2024-11-30', -7), loss('2023-11-30', -9)),
    );
    expect(three.points).toBe(15);
    expect(three.evidence.accounts_figures.map((f) => [f.period_end, f.value])).toEqual([
      ['2025-11-30', -5],
      ['2024-11-30', -7],
      ['2023-11-30', -9],
    ]);
  });

  it('current ratio below one, falling cash and falling turnover fire with their figures', () => {
    const facts = withYears(
      accountsYear('2025-11-30', {
        current_assets: 40,
        creditors_within_one_year: 80,
        cash: 10,
        turnover: 90,
      }),
      accountsYear('2024-11-30', {
        current_assets: 60,
        creditors_within_one_year: 50,
        cash: 20,
        turnover: 100,
      }),
    );
    expect(firedOf('current_ratio_below_one', facts)).toMatchObject({ points: 8 });
    expect(firedOf('current_ratio_below_one', facts).evidence.accounts_figures.map((f) => f.measure)).toEqual(
      ['current_assets', 'creditors_within_one_year'],
    );
    expect(
      firedOf('falling_cash', facts).evidence.accounts_figures.map((f) => [f.period_end, f.value]),
    ).toEqual([
      ['2025-11-30', 10],
      ['2024-11-30', 20],
    ]);
    expect(firedOf('falling_turnover', facts).points).toBe(3);
  });

  it('a figure the accounts do not state makes the rule not applied, not passed', () => {
    const facts = withYears(
      accountsYear(
        '2025-11-30',
        { net_assets: 5_000 },
        { profitAndLoss: false, accountsType: 'micro-entity' },
      ),
    );
    expect(outcome('loss_making_years_in_a_row', facts)).toEqual({
      status: 'not_applied',
      missing: 'no profit and loss account in the accounts made up to 2025-11-30',
    });
    expect(outcome('falling_cash', facts)).toEqual({
      status: 'not_applied',
      missing: 'cash is not stated for both of the two latest years held',
    });
    expect(outcome('net_liabilities', facts)).toMatchObject({
      status: 'passed',
      lookedAt: 'net assets £5,000 at 2025-11-30 (company basis)',
    });
  });

  it('cannot be applied without accounts imported or without figures for the day', () => {
    expect(outcome('net_liabilities', without('accounts'))).toEqual({
      status: 'not_applied',
      missing: 'accounts figures were never imported',
    });
    expect(outcome('net_liabilities', withYears())).toEqual({
      status: 'not_applied',
      missing: 'no accounts figures are held for the day',
    });
  });

  it('micro-entity accounts lower confidence, not the score', () => {
    const facts = withYears(
      accountsYear('2025-11-30', { net_assets: 5_000 }, { accountsType: 'micro-entity' }),
    );
    const result = firedOf('limited_accounts_evidence', facts);
    expect(result.points).toBe(0);
    expect(result.lowersConfidence).toContain('micro-entity');
    expect(result.evidence.fields).toEqual([{ name: 'accounts_type', value: 'micro-entity' }]);
  });
});

describe('charges and insolvency', () => {
  const charge = (chargeId: string, createdOn: string, status = 'outstanding') => ({
    chargeId,
    chargeCode: `${chargeId}-code`,
    status,
    createdOn,
    satisfiedOn: status === 'outstanding' ? null : '2024-01-01',
  });

  it('an insolvency case fires with the case as evidence', () => {
    const facts = withFacts((f) => {
      f.insolvencyCases = [
        {
          caseNumber: 1,
          type: 'creditors-voluntary-liquidation',
          dates: [{ type: 'wound-up-on', date: '2026-01-12' }],
        },
      ];
    });
    const result = firedOf('insolvency_history', facts);
    expect(result.points).toBe(20);
    expect(result.evidence.insolvency_cases).toEqual([
      {
        case_number: 1,
        type: 'creditors-voluntary-liquidation',
        dates: [{ type: 'wound-up-on', date: '2026-01-12' }],
      },
    ]);
  });

  it('the register flag alone fires insolvency history', () => {
    const facts = without('insolvency');
    facts.profile.hasInsolvencyHistory = true;
    expect(firedOf('insolvency_history', facts).evidence.fields).toEqual([
      { name: 'has_insolvency_history', value: true },
    ]);
  });

  it('outstanding charges fire with the charges; satisfied ones do not', () => {
    const facts = withFacts((f) => {
      f.charges = [charge('C1', '2019-05-14'), charge('C0', '2015-01-01', 'fully-satisfied')];
    });
    const result = firedOf('outstanding_charges', facts);
    expect(result.points).toBe(3);
    expect(result.evidence.charges.map((c) => c.charge_id)).toEqual(['C1']);
    expect(outcome('recent_charge', facts).status).toBe('passed');
  });

  it('without the charges resource, the register count answers outstanding and recent is not applied', () => {
    const facts = without('charges');
    facts.profile.chargesOutstanding = 2;
    expect(firedOf('outstanding_charges', facts).evidence.fields).toEqual([
      { name: 'charges_outstanding', value: 2 },
    ]);
    expect(outcome('recent_charge', facts)).toEqual({
      status: 'not_applied',
      missing: 'the charges were never imported',
    });
  });

  it('a charge created in the last 12 months fires until it leaves the window', () => {
    const facts = withFacts((f) => {
      f.charges = [charge('NEW', '2025-09-01')];
    });
    const result = firedOf('recent_charge', facts);
    expect(result.points).toBe(4);
    expect(result.changesOn).toEqual(['2026-09-01']);
    expect(outcome('recent_charge', facts, '2026-09-01').status).toBe('passed');
  });
});

describe('governance and ownership', () => {
  const resign = (facts: HealthFacts, name: string, resignedOn: string, role = 'director') =>
    facts.officers.push({ appointmentId: `ap-${name}`, name, role, appointedOn: '2020-01-01', resignedOn });

  it('fires when two or more of the board resigned in 12 months and they were at least half of it', () => {
    const facts = withFacts((f) => {
      resign(f, 'A', '2025-08-01');
      resign(f, 'B', '2026-02-01');
      resign(f, 'SEC', '2026-03-01', 'secretary');
    });
    const result = firedOf('officer_churn', facts);
    expect(result.points).toBe(10);
    expect(result.evidence.fields).toEqual([
      { name: 'resignations_in_12_months', value: 2 },
      { name: 'board_in_office', value: 2 },
    ]);
    expect(result.evidence.officers.map((o) => o.appointment_id)).toEqual(['ap-A', 'ap-B']);
    expect(result.changesOn).toEqual(['2026-08-01', '2027-02-01']);
  });

  it('does not fire when those who left were fewer than those in office', () => {
    const facts = withFacts((f) => {
      resign(f, 'A', '2025-08-01');
      resign(f, 'B', '2026-02-01');
      f.officers.push({
        appointmentId: 'ap-C',
        name: 'C',
        role: 'director',
        appointedOn: '2020-01-01',
        resignedOn: null,
      });
    });
    expect(outcome('officer_churn', facts)).toMatchObject({
      status: 'passed',
      lookedAt: '2 board resignations in the last 12 months, 3 in office',
    });
  });

  it('fires when a PSC statement says no one is identified and no PSC is current', () => {
    const facts = withFacts((f) => {
      f.pscs[0]!.ceasedOn = '2025-01-01';
      f.pscs.push({
        pscId: 'st-1',
        kind: 'persons-with-significant-control-statement',
        statement: 'psc-exists-but-not-identified',
        notifiedOn: '2025-01-02',
        ceasedOn: null,
      });
    });
    const result = firedOf('no_psc_identified', facts);
    expect(result.points).toBe(5);
    expect(result.evidence.psc_statements).toEqual([
      { psc_id: 'st-1', statement: 'psc-exists-but-not-identified', notified_on: '2025-01-02' },
    ]);
  });

  it.each([
    ['officers', 'officer_churn', 'the officers were never imported'],
    [
      'persons_with_significant_control',
      'no_psc_identified',
      'the persons with significant control were never imported',
    ],
  ])('without %s, %s is not applied', (resource, code, missing) => {
    expect(outcome(code, without(resource))).toEqual({ status: 'not_applied', missing });
  });
});

describe('disqualified directors', () => {
  const order = (from: string, until: string, status: 'current' | 'past' | 'not_yet_started') => ({
    disqualification_type: 'undertaking',
    disqualified_from: from,
    disqualified_until: until,
    undertaken_on: from,
    heard_on: null,
    case_identifier: null,
    court_name: null,
    reason: {
      act: 'company-directors-disqualification-act-1986',
      section: '7',
      article: null,
      description_identifier: null,
    },
    company_names: ['OLD CO LIMITED'],
    status,
  });
  const linked = (
    appointmentId: string,
    basis: 'officer_id' | 'name_and_birth',
    items: ReturnType<typeof order>[],
  ) =>
    withFacts((facts) => {
      facts.disqualifications = {
        [appointmentId]: [
          {
            basis,
            matched_fields: basis === 'officer_id' ? ['officer_id'] : ['name', 'birth_month', 'birth_year'],
            disqualified_officer: {
              officer_id: 'dq-1',
              kind: 'natural',
              name: 'SMITH, John',
              date_of_birth: { month: 5, year: 1970 },
              company_number: null,
              disqualifications: items,
              permissions_to_act: [],
            },
          },
        ],
      };
    });

  it('takes 30 for a board member in office under an order in force, until the day after it ends', () => {
    const result = firedOf(
      'disqualified_director',
      linked('ap-1', 'officer_id', [order('2025-02-10', '2031-02-09', 'current')]),
    );
    expect(result.points).toBe(30);
    expect(result.changesOn).toEqual(['2031-02-10']);
    expect(result.evidence.officers).toEqual([
      expect.objectContaining({ appointment_id: 'ap-1', name: 'SMITH, John' }),
    ]);
    expect(result.evidence.dates).toEqual([
      { name: 'disqualified_from', date: '2025-02-10' },
      { name: 'disqualified_until', date: '2031-02-09' },
    ]);
    expect(result.evidence.fields).toContainEqual({ name: 'link_basis', value: 'officer_id' });
    expect(
      outcome(
        'disqualification_history',
        linked('ap-1', 'officer_id', [order('2025-02-10', '2031-02-09', 'current')]),
      ).status,
    ).toBe('passed');
  });

  it.each([
    ['an ended order', 'officer_id', 'past'],
    ['a possible link by name and birth', 'name_and_birth', 'current'],
  ] as const)('takes 10 for %s, never the 30', (_what, basis, status) => {
    const facts = linked('ap-1', basis, [
      order('2015-02-10', status === 'past' ? '2020-02-09' : '2031-02-09', status),
    ]);
    expect(firedOf('disqualification_history', facts).points).toBe(10);
    expect(outcome('disqualified_director', facts).status).toBe('passed');
  });

  it('says nothing of a secretary or of a company without links', () => {
    expect(
      outcome(
        'disqualified_director',
        linked('ap-3', 'officer_id', [order('2025-02-10', '2031-02-09', 'current')]),
      ).status,
    ).toBe('passed');
    expect(outcome('disqualified_director', healthyFacts()).status).toBe('passed');
    expect(outcome('disqualified_director', without('officers'))).toEqual({
      status: 'not_applied',
      missing: 'the officers were never imported',
    });
  });
});

describe('company age', () => {
  const created = (date: string | null) =>
    withFacts((f) => {
      f.profile.dateOfCreation = date;
    });

  it('takes 10 under a year old, 5 under two, nothing after; each band ends on the anniversary', () => {
    expect(firedOf('young_company', created('2025-06-02'))).toMatchObject({
      points: 10,
      changesOn: ['2026-06-02'],
    });
    expect(firedOf('young_company', created('2025-06-01'))).toMatchObject({
      points: 5,
      changesOn: ['2027-06-01'],
    });
    expect(outcome('young_company', created('2024-06-01')).status).toBe('passed');
  });

  it('cannot be applied without an incorporation date', () => {
    expect(outcome('young_company', created(null))).toEqual({
      status: 'not_applied',
      missing: 'the incorporation date is not on the register',
    });
  });
});
