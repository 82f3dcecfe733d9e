import type { Company } from '../../../src/db/entities/company';
import {
  accountsYearsOnDay,
  chargesOnDay,
  insolvencyCasesOnDay,
  officersOnDay,
  profileOnDay,
  pscsOnDay,
} from '../../../src/domain/health/facts-as-of';
import { accountsFiling, accountsYear, statementFiling } from './health-facts-builder';

/** The company as the store holds it today (2026-06-01). */
const company: Company = {
  companyNumber: '09876543',
  companyName: 'ACORN LEAF CONSULTING LTD',
  normalisedName: 'ACORN LEAF CONSULTING',
  companyStatus: 'active',
  companyStatusDetail: null,
  type: 'ltd',
  subtype: null,
  jurisdiction: 'england-wales',
  dateOfCreation: '2015-11-14',
  dateOfCessation: null,
  careOf: null,
  poBox: null,
  addressLine1: null,
  addressLine2: null,
  locality: null,
  region: null,
  country: null,
  postalCode: null,
  localityKey: null,
  postcodeCompact: null,
  postcodeOutward: null,
  officeLineKey: null,
  sicCodes: '[]',
  accountingReferenceDay: 30,
  accountingReferenceMonth: 11,
  lastAccountsMadeUpTo: '2025-11-30',
  lastAccountsType: 'full',
  nextAccountsMadeUpTo: '2026-11-30',
  nextAccountsDue: '2027-08-31',
  confirmationStatementLastMadeUpTo: '2025-11-14',
  confirmationStatementNextMadeUpTo: '2026-11-14',
  confirmationStatementNextDue: '2026-11-28',
  annualReturnLastMadeUpTo: null,
  annualReturnNextDue: null,
  previousCompanyNames: '[]',
  hasCharges: true,
  chargesTotal: 1,
  chargesOutstanding: 0,
  chargesPartSatisfied: 0,
  chargesSatisfied: 1,
  hasInsolvencyHistory: false,
  countryOfOrigin: null,
  uri: null,
  updatedAt: new Date('2026-06-01T00:00:00Z'),
};

const filings = [
  accountsFiling('AA2025', '2025-11-30', '2026-03-02'),
  accountsFiling('AA2024', '2024-11-30', '2025-09-20'),
  statementFiling('CS2025', '2025-11-14', '2025-11-20'),
  statementFiling('CS2024', '2024-11-14', '2024-11-25'),
];

describe('the register profile on a past day', () => {
  it('is today’s profile, untouched, when nothing was filed or changed after the day', () => {
    const day = profileOnDay(company, [], filings, '2026-06-01');
    expect(day.notes).toEqual([]);
    expect(day.accountsRolledBack).toBe(false);
    expect(day.profile).toMatchObject({
      status: 'active',
      lastAccountsMadeUpTo: '2025-11-30',
      nextAccountsDue: '2027-08-31',
      confirmationStatementNextDue: '2026-11-28',
    });
  });

  it('rolls the status, insolvency flag and charges back through the feed', () => {
    const liquidated = {
      ...company,
      companyStatus: 'liquidation',
      hasInsolvencyHistory: true,
      chargesOutstanding: 0,
    };
    const day = profileOnDay(
      liquidated,
      [
        { field: 'company_status', oldValue: { status: 'active', detail: null, date_of_cessation: null } },
        { field: 'insolvency', oldValue: { has_insolvency_history: false } },
        { field: 'company_status', oldValue: { status: 'administration', detail: null } },
        { field: 'charges', oldValue: { total: 1, outstanding: 1, part_satisfied: 0, satisfied: 0 } },
      ],
      filings,
      '2026-01-01',
    );
    expect(day.profile).toMatchObject({
      status: 'active',
      hasInsolvencyHistory: false,
      chargesOutstanding: 1,
    });
    expect(day.notes[0]).toBe(
      "company status on the day: active, rolled back from today's liquidation through the register change feed",
    );
  });

  it('takes the last accounts and statement from the filings made by the day and works out their due dates', () => {
    const day = profileOnDay(company, [], filings, '2025-10-01');
    expect(day.accountsRolledBack).toBe(true);
    expect(day.profile).toMatchObject({
      lastAccountsMadeUpTo: '2024-11-30',
      lastAccountsType: 'full',
      nextAccountsDue: '2026-08-31',
      confirmationStatementLastMadeUpTo: '2024-11-14',
      confirmationStatementNextDue: '2025-11-28',
    });
    expect(day.notes).toHaveLength(2);
    expect(day.notes[0]).toContain('next due 2026-08-31');
  });

  it('with no accounts filed by the day, the first accounts deadline (21 months from incorporation) applies', () => {
    const day = profileOnDay(company, [], filings, '2025-09-10');
    expect(day.profile.lastAccountsMadeUpTo).toBeNull();
    expect(day.profile.nextAccountsDue).toBe('2017-08-14');
    expect(day.notes[0]).toContain('last made up to none');
  });

  it('without a filing history, reads the last accounts from the feed', () => {
    const day = profileOnDay(
      company,
      [{ field: 'last_accounts', oldValue: { made_up_to: '2024-11-30', type: 'micro-entity' } }],
      null,
      '2026-01-01',
    );
    expect(day.profile).toMatchObject({
      lastAccountsMadeUpTo: '2024-11-30',
      lastAccountsType: 'micro-entity',
      nextAccountsDue: '2026-08-31',
    });
    expect(day.notes[0]).toContain('from the register change feed');
  });

  it('cannot know the status of a company that ceased after the day with no change in the feed', () => {
    const dissolved = { ...company, companyStatus: 'dissolved', dateOfCessation: '2026-03-01' };
    expect(profileOnDay(dissolved, [], filings, '2026-01-01').profile.status).toBeNull();
    expect(profileOnDay(dissolved, [], filings, '2026-03-01').profile.status).toBe('dissolved');
  });
});

describe('dated records on a past day', () => {
  it('drops officers appointed later and undoes later resignations', () => {
    const officers = [
      {
        appointmentId: 'a',
        name: 'A',
        role: 'director',
        appointedOn: '2020-01-01',
        resignedOn: '2026-02-01',
      },
      { appointmentId: 'b', name: 'B', role: 'director', appointedOn: '2026-03-01', resignedOn: null },
      {
        appointmentId: 'c',
        name: 'C',
        role: 'director',
        appointedOn: '2019-01-01',
        resignedOn: '2025-01-01',
      },
    ];
    expect(officersOnDay(officers, '2026-01-01')).toEqual([
      { ...officers[0], resignedOn: null },
      officers[2],
    ]);
  });

  it('drops PSCs notified later and undoes later cessations', () => {
    const pscs = [
      {
        pscId: 'p',
        kind: 'individual-person-with-significant-control',
        statement: null,
        notifiedOn: '2016-04-06',
        ceasedOn: '2026-02-01',
      },
      {
        pscId: 'q',
        kind: 'individual-person-with-significant-control',
        statement: null,
        notifiedOn: '2026-02-01',
        ceasedOn: null,
      },
    ];
    expect(pscsOnDay(pscs, '2026-01-01')).toEqual([{ ...pscs[0], ceasedOn: null }]);
  });

  it('counts a charge satisfied after the day as outstanding on it, and drops charges created later', () => {
    const charges = [
      {
        chargeId: 'x',
        chargeCode: null,
        status: 'fully-satisfied',
        createdOn: '2019-05-14',
        satisfiedOn: '2026-02-01',
      },
      { chargeId: 'y', chargeCode: null, status: 'outstanding', createdOn: '2026-03-01', satisfiedOn: null },
    ];
    expect(chargesOnDay(charges, '2026-01-01')).toEqual([
      { ...charges[0], status: 'outstanding', satisfiedOn: null },
    ]);
  });

  it('counts an insolvency case from its first dated step', () => {
    const cases = [
      {
        caseNumber: 1,
        type: 'creditors-voluntary-liquidation',
        dates: [
          { type: 'wound-up-on', date: '2026-06-12' },
          { type: 'dissolved-on', date: '2027-01-01' },
        ],
      },
    ];
    expect(insolvencyCasesOnDay(cases, '2026-06-11')).toEqual([]);
    expect(insolvencyCasesOnDay(cases, '2026-07-01')).toEqual([
      { ...cases[0], dates: [{ type: 'wound-up-on', date: '2026-06-12' }] },
    ]);
  });

  it('knows an accounts year once its document was filed; a comparative once the later document was', () => {
    const years = [
      accountsYear('2025-11-30', { net_assets: 1 }),
      accountsYear('2024-11-30', { net_assets: 2 }),
      accountsYear('2023-11-30', { net_assets: 3 }, { documentPeriodEnd: '2024-11-30' }),
    ];
    const periodEnds = (asOf: string) =>
      accountsYearsOnDay(years, filings, null, true, asOf).map((year) => year.period_end);
    expect(periodEnds('2026-06-01')).toEqual(['2025-11-30', '2024-11-30', '2023-11-30']);
    expect(periodEnds('2026-01-01')).toEqual(['2024-11-30', '2023-11-30']);
    expect(periodEnds('2025-09-19')).toEqual([]);
  });

  it('without a matching filing, knows a year when its document is no later than the last accounts on the day', () => {
    const years = [
      accountsYear('2025-11-30', { net_assets: 1 }),
      accountsYear('2024-11-30', { net_assets: 2 }),
    ];
    const known = accountsYearsOnDay(years, null, '2024-11-30', true, '2026-01-01');
    expect(known.map((year) => year.period_end)).toEqual(['2024-11-30']);
    expect(accountsYearsOnDay(years, null, '2024-11-30', false, '2026-01-01')).toHaveLength(2);
  });
});
