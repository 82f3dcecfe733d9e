import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapAccountsMeasures } from '../../../src/ingest/companies-house/accounts/ixbrl-measures';
import {
  filedAccountsSchema,
  type AccountsYear,
  type FiledAccounts,
  type MeasureName,
} from '../../../src/domain/financials/accounts-measures';
import { parseIxbrlDocument } from '../../../src/ingest/companies-house/accounts/ixbrl-document';

const fixtures = join(__dirname, '../../fixtures/accounts');
const accountsFrom = (name: string) =>
  mapAccountsMeasures(parseIxbrlDocument(readFileSync(join(fixtures, name), 'utf8')));

/** measure → value, for exact comparison of a whole year. */
const values = (year: AccountsYear) =>
  Object.fromEntries(Object.entries(year.measures).map(([name, measure]) => [name, measure.value]));
const factsOf = (year: AccountsYear, name: MeasureName) =>
  year.measures[name].sources.map((source) => `${source.fact}@${source.context}`);

function year(
  accounts: FiledAccounts,
  periodEnd: string,
  basis: 'company' | 'group' = 'company',
): AccountsYear {
  const found = accounts.years.find((y) => y.period_end === periodEnd && y.basis === basis);
  if (!found) throw new Error(`no ${basis} year ending ${periodEnd}`);
  return found;
}

const FRS_CORE = 'http://xbrl.frc.org.uk/fr/2023-01-01/core';
const FRS_BUS = 'http://xbrl.frc.org.uk/cd/2023-01-01/business';

/** A document with current/prior instants "now"/"then" and, for group figures, "now-group". */
function inlineDocument(body: string, extraContexts = '', corePrefix = 'core'): string {
  const instant = (id: string, date: string, segment = '') =>
    `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">01234567</xbrli:identifier>${segment}</xbrli:entity>
<xbrli:period><xbrli:instant>${date}</xbrli:instant></xbrli:period></xbrli:context>`;
  const member = (dimension: string, value: string) =>
    `<xbrli:segment><xbrldi:explicitMember dimension="${dimension}">${value}</xbrldi:explicitMember></xbrli:segment>`;
  return `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"
  xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:xbrli="http://www.xbrl.org/2003/instance"
  xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"
  xmlns:${corePrefix}="${FRS_CORE}" xmlns:bus="${FRS_BUS}">
<body><ix:header><ix:resources>
${instant('now', '2024-12-31')}
${instant('then', '2023-12-31')}
${instant('now-group', '2024-12-31', member('bus:GroupCompanyDataDimension', 'bus:Consolidated'))}
${instant('now-parent', '2024-12-31', member('bus:GroupCompanyDataDimension', 'bus:SomethingElse'))}
${extraContexts}
<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>
<xbrli:unit id="EUR"><xbrli:measure>iso4217:EUR</xbrli:measure></xbrli:unit>
</ix:resources></ix:header>
${body}
</body></html>`;
}

const fact = (name: string, context: string, text: string, extra = '') =>
  `<ix:nonFraction name="${name}" contextRef="${context}" unitRef="GBP" decimals="0" format="ixt:num-dot-decimal" ${extra}>${text}</ix:nonFraction>`;
const accountsOf = (body: string, extraContexts = '', corePrefix = 'core') =>
  mapAccountsMeasures(parseIxbrlDocument(inlineDocument(body, extraContexts, corePrefix)));

describe('FRS 102 small company full accounts', () => {
  const accounts = accountsFrom('frs102-small-full.xhtml');

  it('validates against its schema', () => {
    expect(filedAccountsSchema.parse(accounts)).toEqual(accounts);
  });

  it('states who and what the accounts are for', () => {
    expect({ ...accounts, years: undefined }).toEqual({
      company_number: '09876543',
      entity_name: 'Harbour Lane Joinery Limited',
      balance_sheet_date: '2023-12-31',
      dormant: false,
      accounts_type: 'FullAccounts',
      accounting_standard: 'FRS102',
      taxonomies: ['frc'],
      years: undefined,
      problems: [],
    });
  });

  it('makes the latest period the filed year, with scale and sign applied', () => {
    const current = year(accounts, '2023-12-31');
    expect(current).toMatchObject({
      period_start: '2023-01-01',
      origin: 'filed',
      basis: 'company',
      profit_and_loss_filed: true,
    });
    expect(values(current)).toEqual({
      turnover: 1234500,
      gross_profit: 434300,
      operating_profit: -36250,
      profit_loss: -38900,
      net_assets: 151650,
      total_assets_less_current_liabilities: 201650,
      current_assets: 310400,
      cash: 42750,
      creditors_within_one_year: 188300,
      employees: 14,
    });
  });

  it('makes the prior-year figures a comparative year of their own', () => {
    const prior = year(accounts, '2022-12-31');
    expect(prior).toMatchObject({
      period_start: '2022-01-01',
      origin: 'comparative',
      profit_and_loss_filed: true,
    });
    expect(values(prior)).toEqual({
      turnover: 1180000,
      gross_profit: 400000,
      operating_profit: 25120,
      profit_loss: 19800,
      net_assets: 190550,
      total_assets_less_current_liabilities: 250400,
      current_assets: 295000,
      cash: 61020,
      creditors_within_one_year: 143600,
      employees: 12,
    });
    expect(accounts.years.map((y) => [y.period_end, y.origin])).toEqual([
      ['2023-12-31', 'filed'],
      ['2022-12-31', 'comparative'],
    ]);
  });

  it('traces each measure to the facts it came from', () => {
    const current = year(accounts, '2023-12-31');
    expect(factsOf(current, 'creditors_within_one_year')).toEqual(['core:Creditors@cy-end-within']);
    expect(factsOf(current, 'net_assets')).toEqual(['core:NetAssetsLiabilities@cy-end']);
    expect(factsOf(current, 'profit_loss')).toEqual(['core:ProfitLoss@cy']);
    // Tagged on the balance sheet and again in a note: both places are listed.
    expect(current.measures.current_assets.sources).toEqual([
      { fact: 'core:CurrentAssets', context: 'cy-end', line: 89 },
      { fact: 'core:CurrentAssets', context: 'cy-end', line: 112 },
    ]);
  });
});

describe('UK GAAP (2009 taxonomy) abbreviated accounts', () => {
  const accounts = accountsFrom('uk-gaap-abbreviated.xhtml');

  it('maps the old names to the same measures, with no profit and loss account', () => {
    expect(accounts).toMatchObject({
      company_number: '04567890',
      entity_name: 'ALDERMOOR TRADING LIMITED',
      balance_sheet_date: '2012-03-31',
      dormant: false,
      taxonomies: ['uk-gaap'],
      problems: [],
    });
    const current = year(accounts, '2012-03-31');
    expect(current).toMatchObject({
      origin: 'filed',
      period_start: '2011-04-01',
      profit_and_loss_filed: false,
    });
    expect(values(current)).toEqual({
      turnover: null,
      gross_profit: null,
      operating_profit: null,
      profit_loss: 5300,
      net_assets: 51250,
      total_assets_less_current_liabilities: 51250,
      current_assets: 84210,
      cash: 12008,
      creditors_within_one_year: 40960,
      employees: null,
    });
    expect(factsOf(current, 'net_assets')).toEqual([
      'uk-gaap:NetAssetsLiabilitiesIncludingPensionAssetLiability@CY-END',
    ]);
    expect(factsOf(current, 'profit_loss')).toEqual(['uk-gaap:ProfitLossForPeriod@CY']);
    expect(factsOf(current, 'cash')).toEqual(['uk-gaap:CashBankInHand@CY-END']);
  });

  it('reads the comparative, including a dash for nil cash', () => {
    const prior = year(accounts, '2011-03-31');
    expect(prior).toMatchObject({ origin: 'comparative', profit_and_loss_filed: false });
    expect(values(prior)).toMatchObject({
      cash: 0,
      creditors_within_one_year: 32165,
      net_assets: 45950,
      profit_loss: null,
    });
  });
});

describe('micro-entity (FRS 105, balance sheet only)', () => {
  const accounts = accountsFrom('micro-entity-frs105.xhtml');

  it('leaves every profit and loss measure null and says no profit and loss account was filed', () => {
    expect(accounts).toMatchObject({
      company_number: 'SC612345',
      accounting_standard: 'Micro-entities',
      dormant: false,
      taxonomies: ['frc'],
    });
    expect(accounts.years.map((y) => [y.period_end, y.origin, y.profit_and_loss_filed])).toEqual([
      ['2024-06-30', 'filed', false],
      ['2023-06-30', 'comparative', false],
    ]);
    expect(values(year(accounts, '2024-06-30'))).toEqual({
      turnover: null,
      gross_profit: null,
      operating_profit: null,
      profit_loss: null,
      net_assets: -1985,
      total_assets_less_current_liabilities: -1985,
      current_assets: 18420,
      cash: null,
      creditors_within_one_year: 21905,
      employees: 2,
    });
  });

  it('maps core concepts bound to another prefix (ns5) by namespace', () => {
    expect(factsOf(year(accounts, '2023-06-30'), 'creditors_within_one_year')).toEqual([
      'ns5:Creditors@i-py-w1y',
    ]);
  });
});

describe('dimensions and basis', () => {
  it('reports consolidated figures as a separate group year, company figures by default', () => {
    const accounts = accountsOf(
      fact('core:NetAssetsLiabilities', 'now', '1,000') +
        fact('core:NetAssetsLiabilities', 'now-group', '5,000'),
    );
    expect(accounts.years.map((y) => [y.period_end, y.basis, y.origin, y.measures.net_assets.value])).toEqual(
      [
        ['2024-12-31', 'company', 'filed', 1000],
        ['2024-12-31', 'group', 'filed', 5000],
      ],
    );
    expect(factsOf(year(accounts, '2024-12-31', 'group'), 'net_assets')).toEqual([
      'core:NetAssetsLiabilities@now-group',
    ]);
  });

  it('dates a group year from its own consolidated contexts, the comparative year too', () => {
    const loom = accountsFrom('northern-loom-group-2025.xhtml');
    expect(loom.years.map((y) => [y.period_end, y.basis, y.origin, y.period_start])).toEqual([
      ['2025-12-31', 'company', 'filed', '2025-01-01'],
      ['2025-12-31', 'group', 'filed', '2025-01-01'],
      ['2024-12-31', 'group', 'comparative', '2024-01-01'],
    ]);
  });

  it('leaves out and reports a group/company member it cannot place', () => {
    const accounts = accountsOf(
      fact('core:NetAssetsLiabilities', 'now', '1,000') +
        fact('core:NetAssetsLiabilities', 'now-parent', '2,000'),
    );
    expect(accounts.years.map((y) => [y.basis, y.measures.net_assets.value])).toEqual([['company', 1000]]);
    expect(accounts.problems).toEqual([
      {
        code: 'unknown_group_company_member',
        message:
          'core:NetAssetsLiabilities in context "now-parent" is on a group/company member this reader does not place; left out',
      },
    ]);
  });

  it('takes creditors only with the within-one-year member, and ignores other breakdowns', () => {
    const after = `<xbrli:context id="now-after"><xbrli:entity><xbrli:identifier scheme="s">1</xbrli:identifier><xbrli:segment>
<xbrldi:explicitMember dimension="core:MaturitiesOrExpirationPeriodsDimension">core:AfterOneYear</xbrldi:explicitMember></xbrli:segment></xbrli:entity>
<xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context>`;
    const accounts = accountsOf(
      fact('core:Creditors', 'now-after', '9,999') + fact('core:Creditors', 'now', '8,888'),
      after,
    );
    // Undimensioned core:Creditors is total creditors, not those due within one year.
    expect(accounts.years).toEqual([]);
  });

  it('falls back to core:Equity for net assets, never the share capital component', () => {
    const shareCapital = `<xbrli:context id="now-shares"><xbrli:entity><xbrli:identifier scheme="s">1</xbrli:identifier><xbrli:segment>
<xbrldi:explicitMember dimension="core:EquityClassesDimension">core:ShareCapital</xbrldi:explicitMember></xbrli:segment></xbrli:entity>
<xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context>`;
    const accounts = accountsOf(
      fact('core:Equity', 'now-shares', '100') + fact('core:Equity', 'now', '4,321'),
      shareCapital,
    );
    const current = year(accounts, '2024-12-31');
    expect(current.measures.net_assets).toEqual({
      value: 4321,
      sources: [{ fact: 'core:Equity', context: 'now', line: 20 }],
    });
  });

  it('maps a document that binds the core namespace to another prefix', () => {
    const accounts = accountsOf(
      fact('frs:CashBankOnHand', 'now', '77') + fact('frs:CashBankOnHand', 'then', '66'),
      '',
      'frs',
    );
    expect(accounts.years.map((y) => [y.origin, y.measures.cash.value, factsOf(y, 'cash')])).toEqual([
      ['filed', 77, ['frs:CashBankOnHand@now']],
      ['comparative', 66, ['frs:CashBankOnHand@then']],
    ]);
  });

  it('does not map a concept of the same local name from another namespace', () => {
    const body = `<ix:nonFraction xmlns:other="http://example.com/taxonomy" name="other:CashBankOnHand" contextRef="now" unitRef="GBP" decimals="0">5</ix:nonFraction>`;
    expect(accountsOf(body).years).toEqual([]);
  });
});

describe('facts that are not used', () => {
  it('a conflict between two tags of the same figure leaves it empty and says so', () => {
    const accounts = accountsOf(
      fact('core:CashBankOnHand', 'now', '100') + fact('core:CashBankOnHand', 'now', '120'),
    );
    expect(year(accounts, '2024-12-31').measures.cash.value).toBeNull();
    expect(year(accounts, '2024-12-31').measures.cash.sources).toHaveLength(2);
    expect(accounts.problems).toEqual([
      {
        code: 'conflicting_facts',
        message: 'cash for 2024-12-31 is tagged with different values (100, 120); left empty',
      },
    ]);
  });

  it('money in another currency is left out and reported', () => {
    const accounts = accountsOf(
      fact('core:CashBankOnHand', 'now', '500').replace('unitRef="GBP"', 'unitRef="EUR"'),
    );
    expect(accounts.years).toEqual([]);
    expect(accounts.problems.map((problem) => problem.code)).toEqual(['not_sterling']);
  });

  it('nil facts and facts with an unknown context make no year', () => {
    const document = parseIxbrlDocument(
      inlineDocument(
        `<ix:nonFraction xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="core:CashBankOnHand" contextRef="now" unitRef="GBP" xsi:nil="true"/>` +
          fact('core:CashBankOnHand', 'missing', '10'),
      ),
    );
    expect(document.problems.map((problem) => problem.code)).toEqual(['unknown_context']);
    const accounts = mapAccountsMeasures(document);
    expect(accounts.years).toEqual([]);
    expect(accounts.taxonomies).toEqual([]);
  });

  it('a document with only a balance sheet date has no years and nothing invented', () => {
    const accounts = accountsOf(
      `<ix:nonNumeric name="bus:BalanceSheetDate" contextRef="now">31 December 2024</ix:nonNumeric>`,
    );
    expect(accounts).toEqual({
      company_number: null,
      entity_name: null,
      balance_sheet_date: '2024-12-31',
      dormant: null,
      accounts_type: null,
      accounting_standard: null,
      taxonomies: [],
      years: [],
      problems: [],
    });
  });
});
