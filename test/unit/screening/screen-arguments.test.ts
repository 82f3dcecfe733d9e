import { screenArgumentsSchema } from '../../../src/domain/screening/screen-arguments';
import { RANGE_FILTERS, screenSorts } from '../../../src/domain/screening/screen-filters';

/** The arguments each problem names, as the edges report them (details.problems[].argument). */
function problems(input: Record<string, unknown>): string[] {
  const result = screenArgumentsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('screen_companies arguments', () => {
  it('needs no filter, and defaults to the first page by company number', () => {
    expect(screenArgumentsSchema.parse({})).toEqual({ sort: 'company_number', limit: 20, offset: 0 });
  });

  it('reads query-string text as numbers, booleans, letters and lists', () => {
    expect(
      screenArgumentsSchema.parse({
        turnover_min: '1000000',
        turnover_growth_min: '20.5',
        profit_max: '-1',
        sic_section: 'j',
        accounts_overdue: 'true',
        insolvency_history: 'false',
        health_grade: 'a, b',
        risk_level: 'Low,moderate',
        health_score_min: '40',
        limit: '50',
      }),
    ).toMatchObject({
      turnover_min: 1_000_000,
      turnover_growth_min: 20.5,
      profit_max: -1,
      sic_section: 'J',
      accounts_overdue: true,
      insolvency_history: false,
      health_grade: ['A', 'B'],
      risk_level: ['low', 'moderate'],
      health_score_min: 40,
      limit: 50,
    });
  });

  it('has a min and a max for every figure and growth, each a sort key', () => {
    const shape = screenArgumentsSchema.parse({});
    expect(shape).toBeDefined();
    for (const filter of RANGE_FILTERS) {
      expect(problems({ [`${filter.stem}_min`]: 1, [`${filter.stem}_max`]: 2 })).toEqual([]);
      expect(screenSorts).toContain(filter.stem);
    }
    expect(RANGE_FILTERS.map((filter) => filter.stem)).toEqual(
      expect.arrayContaining(['profit', 'turnover_growth', 'profit_growth', 'employees_growth']),
    );
  });

  it.each([
    [{ turnover_min: 'lots' }, 'turnover_min'],
    [{ cash_max: 'Infinity' }, 'cash_max'],
    [{ latest_accounts_within_months: 0 }, 'latest_accounts_within_months'],
    [{ latest_accounts_within_months: 1.5 }, 'latest_accounts_within_months'],
    [{ sic_code: '620' }, 'sic_code'],
    [{ sic_division: '6' }, 'sic_division'],
    [{ sic_division: '04' }, 'sic_division'],
    [{ sic_section: 'V' }, 'sic_section'],
    [{ region: 'Wessex' }, 'region'],
    [{ region: '' }, 'region'],
    [{ local_authority: '!!!' }, 'local_authority'],
    [{ town: '' }, 'town'],
    [{ postcode: 'NOT A POSTCODE' }, 'postcode'],
    [{ incorporated_from: '2020-02-30' }, 'incorporated_from'],
    [{ incorporated_to: 'yesterday' }, 'incorporated_to'],
    [{ company_type: 'corporation' }, 'company_type'],
    [{ status: 'thriving' }, 'status'],
    [{ accounts_overdue: 'yes' }, 'accounts_overdue'],
    [{ confirmation_statement_overdue: 1 }, 'confirmation_statement_overdue'],
    [{ gazette_notice_within_days: 0 }, 'gazette_notice_within_days'],
    [{ has_outstanding_charges: 'maybe' }, 'has_outstanding_charges'],
    [{ outstanding_charges_min: 0 }, 'outstanding_charges_min'],
    [{ insolvency_history: 'no' }, 'insolvency_history'],
    [{ health_grade: 'F' }, 'health_grade'],
    [{ health_grade: ',' }, 'health_grade'],
    [{ risk_level: 'extreme' }, 'risk_level'],
    [{ health_score_max: 101 }, 'health_score_max'],
    [{ sort: 'name' }, 'sort'],
    [{ order: 'up' }, 'order'],
    [{ limit: 101 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ colour: 'red' }, ''],
  ])('refuses %j, naming %s', (input, argument) => {
    expect(problems(input)).toEqual([argument]);
  });

  it.each([
    [{ turnover_min: 10, turnover_max: 5 }, 'turnover_min'],
    [{ turnover_growth_min: 20, turnover_growth_max: -5 }, 'turnover_growth_min'],
    [{ incorporated_from: '2021-01-01', incorporated_to: '2020-12-31' }, 'incorporated_from'],
    [{ sic_code: '62020', sic_division: '70' }, 'sic_division'],
    [{ sic_code: '62020', sic_section: 'M' }, 'sic_section'],
    [{ sic_code: '99999', sic_section: 'U' }, 'sic_section'],
    [{ sic_division: '62', sic_section: 'K' }, 'sic_section'],
    [{ has_outstanding_charges: false, outstanding_charges_min: 2 }, 'outstanding_charges_min'],
    [{ health_score_min: 60, health_score_max: 40 }, 'health_score_min'],
  ])('refuses the contradiction %j, naming %s', (input, argument) => {
    expect(problems(input)).toEqual([argument]);
  });

  it('accepts filters that agree, and a region by code or name', () => {
    for (const input of [
      { sic_code: '62020', sic_division: '62', sic_section: 'J' },
      { turnover_min: 5, turnover_max: 5 },
      { incorporated_from: '2020-01-01', incorporated_to: '2020-01-01' },
      { region: 'TLD' },
      { region: 'north west' },
      { has_outstanding_charges: true, outstanding_charges_min: 2 },
      { local_authority: 'E08000003' },
      { local_authority: 'Manchester' },
    ])
      expect(problems(input)).toEqual([]);
  });
});
