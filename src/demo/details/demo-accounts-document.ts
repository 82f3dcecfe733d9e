import type { MeasureName } from '../../domain/financials/accounts-measures';
import type { AccountsPlan, Basis, ExtraLines, PlannedDocument, PlannedYear } from './demo-accounts-plan';

/*
 * One filed-accounts document in inline XBRL, laid out as the hand-written fixtures are (test/fixtures/accounts):
 * FRC 2014+ taxonomies (FRS 102, FRS 105) with the iXBRL 1.1 and ixt v4 namespaces, or the 2009 UK GAAP taxonomy
 * with iXBRL 1.0 for older filings. Group accounts tag consolidated figures on the group/company dimension.
 */

type Family = 'frc' | 'uk-gaap';

interface Concept {
  name: string;
  period: 'duration' | 'instant';
  /** Shown in brackets as a deduction (a positive amount). */
  deduction?: boolean;
  withinOneYear?: boolean;
  unit?: 'pure';
}

const FRC_CONCEPTS: Record<MeasureName | keyof ExtraLines, Concept> = {
  turnover: { name: 'core:TurnoverRevenue', period: 'duration' },
  cost_of_sales: { name: 'core:CostSales', period: 'duration', deduction: true },
  gross_profit: { name: 'core:GrossProfitLoss', period: 'duration' },
  administrative_expenses: { name: 'core:AdministrativeExpenses', period: 'duration', deduction: true },
  operating_profit: { name: 'core:OperatingProfitLoss', period: 'duration' },
  tax: { name: 'core:TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', period: 'duration', deduction: true },
  profit_loss: { name: 'core:ProfitLoss', period: 'duration' },
  fixed_assets: { name: 'core:FixedAssets', period: 'instant' },
  current_assets: { name: 'core:CurrentAssets', period: 'instant' },
  cash: { name: 'core:CashBankOnHand', period: 'instant' },
  creditors_within_one_year: {
    name: 'core:Creditors',
    period: 'instant',
    deduction: true,
    withinOneYear: true,
  },
  net_current_assets: { name: 'core:NetCurrentAssetsLiabilities', period: 'instant' },
  total_assets_less_current_liabilities: {
    name: 'core:TotalAssetsLessCurrentLiabilities',
    period: 'instant',
  },
  net_assets: { name: 'core:NetAssetsLiabilities', period: 'instant' },
  employees: { name: 'core:AverageNumberEmployeesDuringPeriod', period: 'duration', unit: 'pure' },
};

const UK_GAAP_CONCEPTS: Partial<Record<MeasureName | keyof ExtraLines, Concept>> = {
  fixed_assets: { name: 'uk-gaap:FixedAssets', period: 'instant' },
  current_assets: { name: 'uk-gaap:CurrentAssets', period: 'instant' },
  cash: { name: 'uk-gaap:CashBankInHand', period: 'instant' },
  creditors_within_one_year: {
    name: 'uk-gaap:CreditorsDueWithinOneYear',
    period: 'instant',
    deduction: true,
  },
  net_current_assets: { name: 'uk-gaap:NetCurrentAssetsLiabilities', period: 'instant' },
  total_assets_less_current_liabilities: {
    name: 'uk-gaap:TotalAssetsLessCurrentLiabilities',
    period: 'instant',
  },
  net_assets: { name: 'uk-gaap:NetAssetsLiabilitiesIncludingPensionAssetLiability', period: 'instant' },
  profit_loss: { name: 'uk-gaap:ProfitLossForPeriod', period: 'duration' },
};

const LABELS: Record<MeasureName | keyof ExtraLines, string> = {
  turnover: 'Turnover',
  cost_of_sales: 'Cost of sales',
  gross_profit: 'Gross profit',
  administrative_expenses: 'Administrative expenses',
  operating_profit: 'Operating profit/(loss)',
  tax: 'Tax on profit',
  profit_loss: 'Profit/(loss) for the financial year',
  fixed_assets: 'Fixed assets',
  current_assets: 'Current assets',
  cash: 'Cash at bank and in hand',
  creditors_within_one_year: 'Creditors: amounts falling due within one year',
  net_current_assets: 'Net current assets/(liabilities)',
  total_assets_less_current_liabilities: 'Total assets less current liabilities',
  net_assets: 'Net assets/(liabilities)',
  employees: 'Average number of employees',
};

const PROFIT_AND_LOSS: readonly (MeasureName | keyof ExtraLines)[] = [
  'turnover', 'cost_of_sales', 'gross_profit', 'administrative_expenses', 'operating_profit', 'tax', 'profit_loss',
]; // prettier-ignore
const BALANCE_SHEET: readonly (MeasureName | keyof ExtraLines)[] = [
  'fixed_assets', 'current_assets', 'cash', 'creditors_within_one_year', 'net_current_assets',
  'total_assets_less_current_liabilities', 'net_assets',
]; // prettier-ignore

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']; // prettier-ignore

function longDate(isoDate: string): string {
  return `${Number(isoDate.slice(8, 10))} ${MONTHS[Number(isoDate.slice(5, 7)) - 1]} ${isoDate.slice(0, 4)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function taxonomyDate(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  return year >= 2024
    ? '2023-01-01'
    : year >= 2022
      ? '2022-01-01'
      : year >= 2021
        ? '2021-01-01'
        : '2019-01-01';
}

export function renderAccountsDocument(
  plan: AccountsPlan,
  document: PlannedDocument,
  company: { company_number: string; company_name: string },
): string {
  const family: Family = plan.style === 'uk-gaap-abbreviated' ? 'uk-gaap' : 'frc';
  const number = escapeXml(company.company_number);
  const name = escapeXml(company.company_name);
  const date = document.balance_sheet_date;
  const release = taxonomyDate(date);
  const micro = plan.style === 'frs105-micro' || plan.style === 'dormant';
  const ixt = 'ixt';
  const numberFormat = family === 'frc' ? 'ixt:num-dot-decimal' : 'ixt:numdotdecimal';
  const bus = family === 'frc' ? 'bus' : 'uk-bus';
  const concepts = family === 'frc' ? FRC_CONCEPTS : UK_GAAP_CONCEPTS;

  // Contexts: c = current, p = prior; d = duration, i = instant; w = within one year; g = consolidated.
  const contexts: string[] = [];
  const entity = (segment: string) =>
    `<xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">${number}</xbrli:identifier>${segment === '' ? '' : `\n<xbrli:segment>${segment}</xbrli:segment>`}</xbrli:entity>`;
  const member = (dimension: string, value: string) =>
    `<xbrldi:explicitMember dimension="${dimension}">${value}</xbrldi:explicitMember>`;
  const addContext = (id: string, year: PlannedYear, period: 'duration' | 'instant', segment: string) => {
    const when =
      period === 'instant'
        ? `<xbrli:instant>${year.period_end}</xbrli:instant>`
        : `<xbrli:startDate>${year.period_start}</xbrli:startDate><xbrli:endDate>${year.period_end}</xbrli:endDate>`;
    contexts.push(
      `<xbrli:context id="${id}">${entity(segment)}\n<xbrli:period>${when}</xbrli:period></xbrli:context>`,
    );
  };
  const groupMember = member(`${bus}:GroupCompanyDataDimension`, `${bus}:Consolidated`);
  const withinMember = member('core:MaturitiesOrExpirationPeriodsDimension', 'core:WithinOneYear');
  const contextId = (when: 'c' | 'p', basis: Basis, concept: Concept) =>
    `${when}${concept.period === 'duration' ? 'd' : 'i'}${concept.withinOneYear ? 'w' : ''}${basis === 'group' ? 'g' : ''}`;
  for (const [when, years] of [
    ['c', document.current],
    ['p', document.prior],
  ] as const) {
    for (const year of years) {
      const g = year.basis === 'group' ? groupMember : '';
      const suffix = year.basis === 'group' ? 'g' : '';
      addContext(`${when}d${suffix}`, year, 'duration', g);
      addContext(`${when}i${suffix}`, year, 'instant', g);
      if (family === 'frc') addContext(`${when}iw${suffix}`, year, 'instant', g + withinMember);
    }
  }
  const current = document.current[0]!;
  const hidden: string[] = [];
  if (family === 'frc') {
    hidden.push(
      `<ix:nonNumeric name="bus:EntityDormantTruefalse" contextRef="cd" format="ixt:${plan.style === 'dormant' ? 'fixed-true' : 'fixed-false'}"></ix:nonNumeric>`,
      `<ix:nonNumeric name="bus:AccountingStandardsApplied" contextRef="cd-standard"></ix:nonNumeric>`,
    );
    addContext(
      'cd-standard',
      current,
      'duration',
      member('bus:AccountingStandardsDimension', micro ? 'bus:Micro-entities' : 'bus:FRS102'),
    );
    if (!micro) {
      hidden.push(`<ix:nonNumeric name="bus:AccountsType" contextRef="cd-type"></ix:nonNumeric>`);
      addContext('cd-type', current, 'duration', member('bus:AccountsTypeDimension', 'bus:FullAccounts'));
    }
  }

  const display = (value: number, concept: Concept, id: string): string => {
    const money = concept.unit !== 'pure';
    const scaled = money && plan.unit === 1000 ? value / 1000 : value;
    const shown = withCommas(Math.abs(scaled));
    const negative = value < 0;
    const attributes =
      `name="${concept.name}" contextRef="${id}" unitRef="${money ? 'GBP' : 'pure'}"` +
      (money && plan.unit === 1000 ? ' decimals="-3" scale="3"' : ' decimals="0"') +
      (negative ? ' sign="-"' : '') +
      ` format="${numberFormat}"`;
    const fact = `<ix:nonFraction ${attributes}>${shown}</ix:nonFraction>`;
    return concept.deduction || negative ? `(${fact})` : fact;
  };

  const rows = (basis: Basis, lines: readonly (MeasureName | keyof ExtraLines)[]): string[] => {
    const now = document.current.find((year) => year.basis === basis);
    const before = document.prior.find((year) => year.basis === basis);
    if (!now) return [];
    const out: string[] = [];
    for (const line of lines) {
      const concept = concepts[line];
      const value = valueOf(now, line);
      if (!concept || value === undefined) continue;
      const prior = before ? valueOf(before, line) : undefined;
      out.push(
        `<tr><td>${LABELS[line]}</td>\n<td>${display(value, concept, contextId('c', basis, concept))}</td>\n<td>${prior === undefined ? '' : display(prior, concept, contextId('p', basis, concept))}</td></tr>`,
      );
    }
    return out;
  };

  const header = (basis: Basis) => {
    const prior = document.prior.find((year) => year.basis === basis);
    const money = plan.unit === 1000 ? '£000' : '£';
    return `<tr><th></th><th>${current.period_end.slice(0, 4)} ${money}</th><th>${prior ? `${prior.period_end.slice(0, 4)} ${money}` : ''}</th></tr>`;
  };
  const table = (basis: Basis, lines: readonly (MeasureName | keyof ExtraLines)[]) => {
    const body = rows(basis, lines);
    return body.length === 0 ? '' : `<table>\n${header(basis)}\n${body.join('\n')}\n</table>`;
  };

  const sections: string[] = [];
  const hasGroup = document.current.some((year) => year.basis === 'group');
  if (hasGroup) {
    sections.push('<h2>Consolidated profit and loss account</h2>', table('group', PROFIT_AND_LOSS));
    sections.push('<h2>Consolidated balance sheet</h2>', table('group', BALANCE_SHEET));
    sections.push('<h2>Company balance sheet</h2>', table('company', BALANCE_SHEET));
    sections.push('<h2>Employees</h2>', table('group', ['employees']));
  } else if (family === 'uk-gaap') {
    sections.push('<h2>Abbreviated balance sheet</h2>', table('company', BALANCE_SHEET));
    sections.push('<h2>Reserves</h2>', table('company', ['profit_loss']));
    sections.push(
      '<p>These abbreviated accounts have been prepared in accordance with the special provisions of Part 15 of the Companies Act 2006 relating to small companies.</p>',
    );
  } else {
    if (!micro) sections.push('<h2>Profit and loss account</h2>', table('company', PROFIT_AND_LOSS));
    sections.push('<h2>Balance sheet</h2>', table('company', BALANCE_SHEET));
    sections.push('<h2>Employees</h2>', table('company', ['employees']));
    if (micro) {
      sections.push(
        '<p>These financial statements have been prepared in accordance with the micro-entity provisions and FRS 105.</p>',
      );
    }
  }

  const namespaces =
    family === 'frc'
      ? [
          'xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"',
          `xmlns:${ixt}="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12"`,
          'xmlns:link="http://www.xbrl.org/2003/linkbase"',
          'xmlns:xlink="http://www.w3.org/1999/xlink"',
          'xmlns:xbrli="http://www.xbrl.org/2003/instance"',
          'xmlns:xbrldi="http://xbrl.org/2006/xbrldi"',
          'xmlns:iso4217="http://www.xbrl.org/2003/iso4217"',
          `xmlns:core="http://xbrl.frc.org.uk/fr/${release}/core"`,
          `xmlns:bus="http://xbrl.frc.org.uk/cd/${release}/business"`,
        ]
      : [
          'xmlns:ix="http://www.xbrl.org/2008/inlineXBRL"',
          `xmlns:${ixt}="http://www.xbrl.org/inlineXBRL/transformation/2011-07-31"`,
          'xmlns:xbrli="http://www.xbrl.org/2003/instance"',
          'xmlns:xbrldi="http://xbrl.org/2006/xbrldi"',
          'xmlns:iso4217="http://www.xbrl.org/2003/iso4217"',
          'xmlns:uk-gaap="http://www.xbrl.org/uk/gaap/core/2009-09-01"',
          'xmlns:uk-bus="http://www.xbrl.org/uk/cd/business/2009-09-01"',
        ];
  const schema = micro ? 'FRS-105' : 'FRS-102';
  const references =
    family === 'frc'
      ? `<ix:references>\n<link:schemaRef xlink:type="simple" xlink:href="https://xbrl.frc.org.uk/${schema}/${release}/${schema}-${release}.xsd"/>\n</ix:references>\n`
      : '';
  const dateFormat = family === 'frc' ? 'ixt:date-day-monthname-year-en' : 'ixt:datelonguk';
  const dormantLine =
    family === 'uk-gaap'
      ? `<p>Dormant: <ix:nonNumeric name="uk-bus:EntityDormantTruefalse" contextRef="cd">false</ix:nonNumeric></p>\n`
      : '';
  const title = `${name} - ${plan.style === 'uk-gaap-abbreviated' ? 'Abbreviated Accounts' : 'Accounts'} ${longDate(date)}`;

  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Demo data: generated, not a real filing. -->
<html xmlns="http://www.w3.org/1999/xhtml"
      ${namespaces.join('\n      ')}>
<head><title>${title}</title></head>
<body>
<div style="display:none">
<ix:header>
${hidden.length === 0 ? '' : `<ix:hidden>\n${hidden.join('\n')}\n</ix:hidden>\n`}${references}<ix:resources>
${contexts.join('\n')}
<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>
<xbrli:unit id="pure"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>
</ix:resources>
</ix:header>
</div>

<h1><ix:nonNumeric name="${bus}:EntityCurrentLegalOrRegisteredName" contextRef="cd">${name}</ix:nonNumeric></h1>
<p>Registered number: <ix:nonNumeric name="${bus}:UKCompaniesHouseRegisteredNumber" contextRef="cd">${number}</ix:nonNumeric></p>
<p>Balance sheet as at <ix:nonNumeric name="${bus}:BalanceSheetDate" contextRef="cd" format="${dateFormat}">${longDate(date)}</ix:nonNumeric></p>
${dormantLine}
${sections.filter((section) => section !== '').join('\n')}
</body>
</html>
`;
}

/** Thousands separated by commas, written out rather than left to the platform's locale data. */
function withCommas(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function valueOf(year: PlannedYear, line: MeasureName | keyof ExtraLines): number | undefined {
  return line in year.measures ? year.measures[line as MeasureName] : year.extra[line as keyof ExtraLines];
}
