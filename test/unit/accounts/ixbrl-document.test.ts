import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  IxbrlDocumentError,
  parseIxbrlDocument,
  type IxbrlDocument,
  type NumericFact,
} from '../../../src/ingest/companies-house/accounts/ixbrl-document';

const fixtures = join(__dirname, '../../fixtures/accounts');
const fixture = (name: string) => parseIxbrlDocument(readFileSync(join(fixtures, name), 'utf8'));

const CORE = 'http://xbrl.frc.org.uk/fr/2023-01-01/core';

/** A minimal document: one instant context "c" and a GBP unit, with the given body. */
function inlineDocument(body: string, resources = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"
  xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:xbrli="http://www.xbrl.org/2003/instance"
  xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:core="${CORE}">
<body><div style="display:none"><ix:header><ix:resources>
<xbrli:context id="c"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">01234567</xbrli:identifier></xbrli:entity>
<xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context>
<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>${resources}
</ix:resources></ix:header></div>
${body}
</body></html>`;
}

const cash = (text: string, attributes = 'decimals="0" format="ixt:num-dot-decimal"') =>
  `<ix:nonFraction name="core:CashBankOnHand" contextRef="c" unitRef="GBP" ${attributes}>${text}</ix:nonFraction>`;

function only(document: IxbrlDocument): NumericFact {
  expect(document.numeric_facts).toHaveLength(1);
  return document.numeric_facts[0]!;
}

const valueOf = (body: string) => only(parseIxbrlDocument(inlineDocument(body))).value;

function factOn(document: IxbrlDocument, local: string, contextRef: string): NumericFact {
  const found = document.numeric_facts.find(
    (fact) => fact.name.local === local && fact.context_ref === contextRef,
  );
  if (!found) throw new Error(`no ${local} in ${contextRef}`);
  return found;
}

describe('number formats', () => {
  it.each([
    ['ixt4 num-dot-decimal', '1,234,567.5', 'decimals="1" format="ixt:num-dot-decimal"', 1234567.5],
    ['ixt4 num-dot-decimal with spaces', '1 234', 'decimals="0" format="ixt:num-dot-decimal"', 1234],
    ['ixt4 num-comma-decimal', '1.234,5', 'decimals="1" format="ixt:num-comma-decimal"', 1234.5],
    ['ixt4 fixed-zero ignores the text', 'nil', 'decimals="0" format="ixt:fixed-zero"', 0],
    ['no format: a plain decimal', '1234.25', 'decimals="INF"', 1234.25],
  ])('%s', (_label, text, attributes, expected) => {
    expect(valueOf(cash(text, attributes))).toBe(expected);
  });

  it('reads the older registries by their own namespaces', () => {
    const document = fixture('formats-and-nesting.xhtml');
    expect(factOn(document, 'CashBankOnHand', 'before')).toMatchObject({
      value: 0,
      displayed_text: '\u2013',
      format: {
        qname: 'ixt2:zerodash',
        namespace: 'http://www.xbrl.org/inlineXBRL/transformation/2011-07-31',
      },
    });
    expect(factOn(document, 'Debtors', 'now').value).toBe(45600);
    expect(factOn(document, 'AccrualsDeferredIncome', 'now').value).toBe(987.25);
    expect(factOn(document, 'PrepaymentsAccruedIncome', 'now').value).toBe(1234.5);
    expect(factOn(document, 'Stocks', 'now').value).toBe(0);
  });

  it('reads ixt1 numcommadot and numdash (UK GAAP era)', () => {
    const document = fixture('uk-gaap-abbreviated.xhtml');
    expect(factOn(document, 'CurrentAssets', 'CY-END').value).toBe(84210);
    expect(factOn(document, 'CashBankInHand', 'PY-END')).toMatchObject({ value: 0, displayed_text: '-' });
  });

  it('nocontent gives no number and says so', () => {
    const document = fixture('formats-and-nesting.xhtml');
    expect(factOn(document, 'ProvisionsForLiabilitiesBalanceSheetSubtotal', 'now').value).toBeNull();
    expect(document.problems).toEqual([
      {
        code: 'unreadable_number',
        message: 'core:ProvisionsForLiabilitiesBalanceSheetSubtotal: format ixt2:nocontent gives no number',
        line: 31,
      },
    ]);
  });

  it('zerodash accepts only a dash', () => {
    const document = parseIxbrlDocument(inlineDocument(cash('12', 'decimals="0" format="ixt:zerodash"')));
    expect(only(document).value).toBeNull();
    expect(document.problems.map((problem) => problem.code)).toEqual(['unreadable_number']);
  });

  it('text that does not fit the format is reported, not guessed', () => {
    const document = parseIxbrlDocument(inlineDocument(cash('£1,234')));
    expect(only(document).value).toBeNull();
    expect(document.problems[0]).toMatchObject({
      code: 'unreadable_number',
      message: expect.stringContaining('£1,234'),
    });
  });

  it('an unknown transformation is reported', () => {
    const document = parseIxbrlDocument(
      inlineDocument(cash('one hundred', 'decimals="0" format="ixt:num-word-en"')),
    );
    expect(only(document).value).toBeNull();
    expect(document.problems[0]).toMatchObject({
      code: 'unsupported_format',
      message: 'core:CashBankOnHand: format ixt:num-word-en is not one this reader applies',
    });
  });
});

describe('scale, sign and decimals', () => {
  it.each([
    ['scale 3', '1,234.5', 'scale="3"', 1234500],
    ['scale 6', '2.75', 'scale="6"', 2750000],
    ['scale -2 (pence)', '12,345', 'scale="-2" decimals="2"', 123.45],
    ['sign - negates', '38,900', 'sign="-"', -38900],
    ['sign - with scale', '36.25', 'sign="-" scale="3"', -36250],
  ])('%s', (_label, text, attributes, expected) => {
    const body = `<ix:nonFraction name="core:ProfitLoss" contextRef="c" unitRef="GBP" format="ixt:num-dot-decimal" ${attributes}>${text}</ix:nonFraction>`;
    expect(valueOf(body)).toBe(expected);
  });

  it('moves the decimal point on the digits, so no binary rounding creeps in', () => {
    expect(valueOf(cash('0.29', 'decimals="0" format="ixt:num-dot-decimal" scale="2"'))).toBe(29);
  });

  it('rounds to whole pounds only where decimals says the figure is no finer', () => {
    expect(valueOf(cash('1,234.6', 'decimals="0" format="ixt:num-dot-decimal"'))).toBe(1235);
  });

  it('keeps the attributes as filed', () => {
    const document = fixture('frs102-small-full.xhtml');
    expect(factOn(document, 'TurnoverRevenue', 'cy')).toMatchObject({
      value: 1234500,
      scale: 3,
      decimals: '-2',
      negative: false,
      unit_ref: 'GBP',
      displayed_text: '1,234.5',
    });
    expect(factOn(document, 'ProfitLoss', 'cy')).toMatchObject({ value: -38900, negative: true });
    expect(factOn(document, 'TotalAssetsLessCurrentLiabilities', 'py-end').value).toBe(250400);
  });
});

describe('displayed text', () => {
  const document = fixture('formats-and-nesting.xhtml');

  it('decodes &nbsp; and other HTML entities XML mode does not know', () => {
    expect(factOn(document, 'CashBankOnHand', 'now')).toMatchObject({
      value: 12345,
      displayed_text: '12\u00a0345',
    });
  });

  it('concatenates text nested in other elements', () => {
    expect(factOn(document, 'Debtors', 'now').displayed_text).toBe('45,600');
  });

  it('leaves out ix:exclude content', () => {
    expect(factOn(document, 'NetCurrentAssetsLiabilities', 'now')).toMatchObject({
      displayed_text: '58,000',
      value: 58000,
    });
  });

  it('a number inside a text block is a fact of its own, and its text is part of the block', () => {
    const cashFacts = document.numeric_facts.filter((fact) => fact.name.local === 'CashBankOnHand');
    expect(cashFacts.map((fact) => fact.value)).toEqual([0, 12345, 12345]);
    expect(document.non_numeric_facts).toEqual([
      {
        name: {
          qname: 'core:GeneralDescriptionBasisMeasurementUsedInPreparingFinancialStatements',
          namespace: 'http://xbrl.frc.org.uk/fr/2022-01-01/core',
          local: 'GeneralDescriptionBasisMeasurementUsedInPreparingFinancialStatements',
        },
        context_ref: 'now',
        format: null,
        text: 'The accounts are prepared under the historical cost convention; cash of £12,345 is held at bank.',
        nil: false,
        hidden: false,
        line: 33,
      },
    ]);
  });

  it('xsi:nil facts have no value and are marked nil', () => {
    expect(factOn(document, 'CurrentAssetInvestments', 'now')).toMatchObject({
      nil: true,
      value: null,
      decimals: null,
      displayed_text: '',
    });
  });
});

describe('names and namespaces', () => {
  it('resolves prefixes to namespaces, whatever the prefix', () => {
    const document = fixture('micro-entity-frs105.xhtml');
    expect(factOn(document, 'CurrentAssets', 'i-cy').name).toEqual({
      qname: 'ns5:CurrentAssets',
      namespace: 'http://xbrl.frc.org.uk/fr/2021-01-01/core',
      local: 'CurrentAssets',
    });
    expect(document.numeric_facts).toHaveLength(12);
  });

  it('honours a prefix redeclared on an inner element', () => {
    const body = `<div xmlns:core="http://www.xbrl.org/uk/gaap/core/2009-09-01">${cash('5')}</div>`;
    expect(only(parseIxbrlDocument(inlineDocument(body))).name.namespace).toBe(
      'http://www.xbrl.org/uk/gaap/core/2009-09-01',
    );
  });

  it('reports an undeclared prefix', () => {
    const body = `<ix:nonFraction name="mystery:Cash" contextRef="c" unitRef="GBP" decimals="0">5</ix:nonFraction>`;
    const document = parseIxbrlDocument(inlineDocument(body));
    expect(only(document).name).toEqual({ qname: 'mystery:Cash', namespace: null, local: 'Cash' });
    expect(document.problems).toEqual([
      { code: 'undeclared_prefix', message: 'prefix "mystery" of mystery:Cash is not declared', line: 10 },
    ]);
  });

  it('marks facts inside ix:hidden', () => {
    const document = fixture('frs102-small-full.xhtml');
    const dormant = document.non_numeric_facts.find((fact) => fact.name.local === 'EntityDormantTruefalse');
    expect(dormant).toMatchObject({ hidden: true, format: { qname: 'ixt:fixed-false' }, text: '' });
    expect(factOn(document, 'ProfitLoss', 'cy').hidden).toBe(false);
  });
});

describe('contexts and units', () => {
  const document = fixture('frs102-small-full.xhtml');

  it('reads instants, durations and the entity', () => {
    expect(document.contexts.cy).toEqual({
      id: 'cy',
      entity: { scheme: 'http://www.companieshouse.gov.uk/', identifier: '09876543' },
      period: { type: 'duration', start: '2023-01-01', end: '2023-12-31' },
      dimensions: [],
      typed_dimensions: [],
    });
    expect(document.contexts['py-end']!.period).toEqual({ type: 'instant', instant: '2022-12-31' });
    expect(Object.keys(document.contexts)).toHaveLength(10);
  });

  it('reads explicit dimension members in the segment', () => {
    expect(document.contexts['cy-end-within']!.dimensions).toEqual([
      {
        dimension: {
          qname: 'core:MaturitiesOrExpirationPeriodsDimension',
          namespace: CORE,
          local: 'MaturitiesOrExpirationPeriodsDimension',
        },
        member: { qname: 'core:WithinOneYear', namespace: CORE, local: 'WithinOneYear' },
      },
    ]);
  });

  it('reads explicit dimension members in the scenario', () => {
    const micro = fixture('micro-entity-frs105.xhtml');
    expect(micro.contexts['d-micro']!.dimensions.map((d) => [d.dimension.local, d.member.qname])).toEqual([
      ['AccountingStandardsDimension', 'ns6:Micro-entities'],
    ]);
  });

  it('reads units', () => {
    expect(document.units).toEqual({ GBP: ['iso4217:GBP'], pure: ['xbrli:pure'] });
  });

  it('keeps typed dimensions as text', () => {
    const resources = `<xbrli:context id="typed" xmlns:xbrldi="http://xbrl.org/2006/xbrldi"><xbrli:entity><xbrli:identifier scheme="s">1</xbrli:identifier>
<xbrli:segment><xbrldi:typedMember dimension="core:LoanIdentifierDimension"><core:Id>L-7</core:Id></xbrldi:typedMember></xbrli:segment></xbrli:entity>
<xbrli:period><xbrli:forever/></xbrli:period></xbrli:context>`;
    const typed = parseIxbrlDocument(inlineDocument('', resources)).contexts.typed!;
    expect(typed.period).toEqual({ type: 'forever' });
    expect(typed.typed_dimensions).toEqual([
      {
        dimension: {
          qname: 'core:LoanIdentifierDimension',
          namespace: CORE,
          local: 'LoanIdentifierDimension',
        },
        value: 'L-7',
      },
    ]);
  });

  it('reports a context without a usable period and a duplicate id', () => {
    const resources = `<xbrli:context id="broken"><xbrli:period><xbrli:instant>31/12/2024</xbrli:instant></xbrli:period></xbrli:context>
<xbrli:context id="c"><xbrli:period><xbrli:instant>2020-01-01</xbrli:instant></xbrli:period></xbrli:context>`;
    const problems = parseIxbrlDocument(inlineDocument('', resources)).problems;
    expect(problems.map((problem) => [problem.code, problem.message])).toEqual([
      ['bad_context', 'context "broken" has an instant that is not a date: "31/12/2024"'],
      ['duplicate_context', 'context "c" is defined twice; first kept'],
    ]);
  });
});

describe('malformed documents', () => {
  it('a fact pointing at a context that does not exist is kept and reported', () => {
    const body = `<ix:nonFraction name="core:CashBankOnHand" contextRef="nowhere" unitRef="GBP" decimals="0">5</ix:nonFraction>`;
    const document = parseIxbrlDocument(inlineDocument(body));
    expect(only(document).context_ref).toBe('nowhere');
    expect(document.problems).toEqual([
      {
        code: 'unknown_context',
        message: 'core:CashBankOnHand refers to context "nowhere", which is not defined',
        line: 10,
      },
    ]);
  });

  it('a fact pointing at a unit that does not exist is reported', () => {
    const body = `<ix:nonFraction name="core:CashBankOnHand" contextRef="c" unitRef="EUR" decimals="0">5</ix:nonFraction>`;
    expect(parseIxbrlDocument(inlineDocument(body)).problems.map((problem) => problem.code)).toEqual([
      'unknown_unit',
    ]);
  });

  it('unclosed tags are reported with the line they open on, and the facts are still read', () => {
    const body = `<p><span>${cash('1,000')}\n<p>${cash('2,000').replace('</ix:nonFraction>', '')}`;
    const document = parseIxbrlDocument(inlineDocument(body));
    expect(document.numeric_facts.map((fact) => fact.value)).toEqual([1000, 2000]);
    expect(document.problems.map((problem) => [problem.code, problem.line])).toEqual([
      ['unclosed_element', 11],
      ['unclosed_element', 11],
      ['unclosed_element', 10],
      ['unclosed_element', 10],
    ]);
    expect(document.problems[0]!.message).toBe('<ix:nonFraction> opened on line 11 is never closed');
  });

  it('a fact without a name or context is skipped and reported', () => {
    const body = `<ix:nonFraction contextRef="c" unitRef="GBP">5</ix:nonFraction><ix:nonNumeric name="core:X">y</ix:nonNumeric>`;
    const document = parseIxbrlDocument(inlineDocument(body));
    expect(document.numeric_facts).toEqual([]);
    expect(document.non_numeric_facts).toEqual([]);
    expect(document.problems.map((problem) => problem.message)).toEqual([
      'an ix:nonFraction has no name; skipped',
      'an ix:nonNumeric has no contextRef; skipped',
    ]);
  });

  it('an unknown HTML entity is left as written and reported', () => {
    const document = parseIxbrlDocument(inlineDocument(`<p>&bogus; ${cash('7')}</p>`));
    expect(only(document).value).toBe(7);
    expect(document.problems).toEqual([
      {
        code: 'unknown_entity',
        message: '&bogus; is not an entity this reader knows; left as written',
        line: 10,
      },
    ]);
  });

  it.each([
    ['plain HTML', '<html><body><p>Accounts</p></body></html>'],
    ['empty input', ''],
    ['not markup at all', '%PDF-1.4 binary'],
  ])('%s throws a clear error', (_label, source) => {
    expect(() => parseIxbrlDocument(source)).toThrow(IxbrlDocumentError);
    expect(() => parseIxbrlDocument(source)).toThrow(/not an inline XBRL document/);
  });
});
