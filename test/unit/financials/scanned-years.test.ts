import { accountsYearViewSchema } from '../../../src/domain/financials/accounts-figures';
import { scannedYears, type AccountsFilingRow } from '../../../src/domain/financials/scanned-years';
import { figures } from './figures-helpers';

const filing = (given: Partial<AccountsFilingRow> & { made_up_date?: string }): AccountsFilingRow => {
  const { made_up_date: madeUpDate = '2021-03-31', ...rest } = given;
  return {
    transactionId: 'MzAwMDAwMDAwMWFkaXF6a2N4',
    category: 'accounts',
    date: '2021-11-02',
    descriptionCode: 'accounts-with-accounts-type-small',
    descriptionValues: JSON.stringify({ made_up_date: madeUpDate }),
    paperFiled: true,
    ...rest,
  };
};

describe('scanned years from paper accounts filings', () => {
  it('makes a year without figures for a paper filing whose year holds none', () => {
    const years = scannedYears([filing({})], new Set(['2022-03-31']));
    expect(years).toEqual([
      {
        period_end: '2021-03-31',
        period_start: null,
        origin: 'scanned',
        basis: 'company',
        profit_and_loss_filed: null,
        accounts_type: 'small',
        accounting_standard: null,
        document: {
          kind: 'paper_filing',
          name: 'MzAwMDAwMDAwMWFkaXF6a2N4',
          period_end: '2021-03-31',
          problems: [],
        },
        figures: figures(),
        sources: {
          turnover: [],
          gross_profit: [],
          operating_profit: [],
          profit_loss: [],
          net_assets: [],
          total_assets_less_current_liabilities: [],
          current_assets: [],
          cash: [],
          creditors_within_one_year: [],
          employees: [],
        },
      },
    ]);
    expect(accountsYearViewSchema.parse(years[0])).toEqual(years[0]);
  });

  it('skips years with figures held, electronic filings, other categories and filings without a made-up date', () => {
    expect(
      scannedYears(
        [
          filing({ made_up_date: '2022-03-31' }),
          filing({ paperFiled: false }),
          filing({ paperFiled: 0 }),
          filing({ category: 'officers' }),
          filing({ descriptionValues: '{}' }),
          filing({ descriptionValues: JSON.stringify({ made_up_date: '31 March 2021' }) }),
          filing({ descriptionValues: 'not json' }),
        ],
        new Set(['2022-03-31']),
      ),
    ).toEqual([]);
    // SQLite's 1 counts as paper filed.
    expect(scannedYears([filing({ paperFiled: 1 })], new Set())).toHaveLength(1);
  });

  it('keeps one year per year end (the newest filing) and reads group basis from the description', () => {
    const years = scannedYears(
      [
        filing({ transactionId: 'original', date: '2021-11-02' }),
        filing({
          transactionId: 'amended',
          date: '2022-01-15',
          descriptionCode: 'accounts-with-accounts-type-group',
        }),
        filing({
          transactionId: 'older',
          date: '2020-12-01',
          made_up_date: '2020-03-31',
          descriptionCode: 'accounts-amended',
        }),
      ],
      new Set(),
    );
    expect(
      years.map((year) => [year.period_end, year.document.name, year.basis, year.accounts_type]),
    ).toEqual([
      ['2021-03-31', 'amended', 'group', 'group'],
      ['2020-03-31', 'older', 'company', null],
    ]);
  });
});
