import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceError } from '../../../src/domain/errors';
import {
  sanctionsDesignationSchema,
  type SanctionsDesignation,
} from '../../../src/domain/sanctions/sanctions-designation';
import { parseUnConsolidatedListXml } from '../../../src/ingest/sanctions/un/un-consolidated-list-xml';

const SAMPLE = readFileSync(join(__dirname, '../../fixtures/sanctions/un-consolidated-list-sample.xml'));
const list = parseUnConsolidatedListXml(SAMPLE);

function designation(uniqueId: string): SanctionsDesignation {
  const found = list.designations.find((d) => d.unique_id === uniqueId);
  if (found === undefined) throw new Error(`${uniqueId} was not read`);
  return found;
}

function wrap(individuals: string, entities = '', root = 'dateGenerated="2026-11-27T23:00:04.811Z"'): string {
  return `<?xml version="1.0" encoding="UTF-8"?><CONSOLIDATED_LIST ${root}><INDIVIDUALS>${individuals}</INDIVIDUALS><ENTITIES>${entities}</ENTITIES></CONSOLIDATED_LIST>`;
}

function parseError(input: string | Buffer): ServiceError {
  try {
    parseUnConsolidatedListXml(input);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

describe('UN Security Council Consolidated List XML parser (the published layout)', () => {
  it('reads dateGenerated and every INDIVIDUAL then ENTITY, each valid by the designation schema', () => {
    expect(list.generatedOn).toBe('2026-11-27T23:00:04.811Z');
    expect(list.records).toBe(7);
    expect(list.designations.map((d) => [d.unique_id, d.type])).toEqual([
      ['QDi.901', 'individual'],
      ['SOi.902', 'individual'],
      ['CDe.901', 'entity'],
    ]);
    for (const d of list.designations) expect(sanctionsDesignationSchema.parse(d)).toEqual(d);
  });

  it('maps the reference number, regime, listing and update dates, comments and source', () => {
    const d = designation('QDi.901');
    expect(d.un_reference_number).toBe('QDi.901');
    expect(d.regimes).toEqual(['Al-Qaida']);
    expect(d.date_designated).toBe('2011-03-14');
    expect(d.last_updated).toBe('2019-02-11');
    expect(d.designation_source).toBe('UN');
    expect(d.other_information).toMatch(/^Invented for tests\. Financier/);
  });

  it('joins the name parts into the primary name, keeps the original script and every alias with its QUALITY', () => {
    const names = designation('QDi.901').names.map((n) => [
      n.name,
      n.name_type,
      n.alias_strength,
      n.non_latin,
    ]);
    expect(names).toEqual([
      ['ORLAN VESTRIK KAMBER', 'primary', null, false],
      ['أورلان فيستريك كامبر', 'primary', null, true],
      ['Orlan Kamber', 'alias', 'Good', false],
      ['Abu Vestrik', 'alias', 'Low', false],
      ['O. V. Kamber', 'alias', 'a.k.a.', false],
      ['Orlan Westrick', 'alias', 'a.k.a.', false],
    ]);
    expect(designation('QDi.901').names[0]!.title).toBe('Dr.');
    expect(designation('SOi.902').names.map((n) => n.name)).toEqual([
      'MIRELA DUNSTAN OKONKWO HALE',
      'Mirela Hale',
    ]);
    expect(designation('SOi.902').names[1]!.alias_strength).toBe('f.k.a.');
  });

  it('reads exact, year-only and ranged dates of birth; a FROM_YEAR..TO_YEAR range becomes each of its years', () => {
    expect(designation('QDi.901').birth_dates).toEqual([
      { year: 1968, month: 4, day: 23 },
      { year: 1967, month: null, day: null },
    ]);
    expect(designation('SOi.902').birth_dates).toEqual([
      { year: 1973, month: null, day: null },
      { year: 1974, month: null, day: null },
      { year: 1975, month: null, day: null },
    ]);
    expect(designation('SOi.902').details.INDIVIDUAL_DATE_OF_BIRTH).toEqual([
      'TYPE_OF_DATE: BETWEEN; FROM_YEAR: 1973; TO_YEAR: 1975',
      'TYPE_OF_DATE: EXACT; DATE: 1970-02-30',
    ]);
  });

  it('reads nationalities, addresses with their country, and the country of birth', () => {
    expect(designation('QDi.901').nationalities).toEqual(['Kenya', 'Yemen']);
    expect(designation('QDi.901').addresses).toEqual([
      { lines: ['14 Invented Road', 'Mombasa'], postal_code: null, country: 'Kenya' },
    ]);
    expect(designation('QDi.901').birth_countries).toEqual(['Yemen']);
    expect(designation('CDe.901').addresses).toEqual([
      {
        lines: ['Plot 7, Invented Avenue', 'Goma', 'North Kivu'],
        postal_code: null,
        country: 'Democratic Republic of the Congo',
      },
      { lines: ['Kampala', 'branch office'], postal_code: '00256', country: 'Uganda' },
    ]);
    expect(designation('SOi.902').addresses).toEqual([]);
  });

  it('keeps every other published element in details, and leaves out empty ones', () => {
    expect(designation('QDi.901').details).toEqual({
      DATAID: ['9100001'],
      VERSIONNUM: ['2'],
      DESIGNATION: ['Finance officer'],
      LIST_TYPE: ['UN List'],
      INDIVIDUAL_DATE_OF_BIRTH: [
        'TYPE_OF_DATE: EXACT; DATE: 1968-04-23',
        'TYPE_OF_DATE: APPROXIMATELY; YEAR: 1967',
      ],
      INDIVIDUAL_PLACE_OF_BIRTH: ['CITY: Aden; COUNTRY: Yemen'],
      INDIVIDUAL_DOCUMENT: ['TYPE_OF_DOCUMENT: Passport; NUMBER: X0000901; ISSUING_COUNTRY: Kenya'],
    });
  });

  it('rejects a record without a reference number or a name, or repeating a reference number, with its place', () => {
    expect(list.rejected).toEqual([
      { place: 'INDIVIDUAL DATAID 9100003', error: 'REFERENCE_NUMBER: missing or empty' },
      {
        place: 'INDIVIDUAL #4',
        error: 'no name: FIRST_NAME to FOURTH_NAME and NAME_ORIGINAL_SCRIPT are all empty',
      },
      { place: 'ENTITY DATAID 9200002', error: 'REFERENCE_NUMBER CDe.901 repeats ENTITY DATAID 9200001' },
      {
        place: 'ENTITY DATAID 9200003',
        error: 'no name: FIRST_NAME to FOURTH_NAME and NAME_ORIGINAL_SCRIPT are all empty',
      },
    ]);
  });

  it('keeps a designation whose dates cannot be read, with a warning naming its place', () => {
    expect(designation('SOi.902').date_designated).toBeNull();
    expect(list.warnings).toEqual([
      {
        place: 'INDIVIDUAL DATAID 9100002',
        error: 'LISTED_ON: "2014-13-40" is not a yyyy-mm-dd date; left out',
      },
      {
        place: 'INDIVIDUAL DATAID 9100002',
        error: 'INDIVIDUAL_DATE_OF_BIRTH: DATE "1970-02-30" is not a yyyy-mm-dd date; kept as published',
      },
    ]);
  });

  it('reports a birth year range too wide or reversed instead of spreading it', () => {
    const person = (from: string, to: string) =>
      `<INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>A</FIRST_NAME><REFERENCE_NUMBER>QDi.1</REFERENCE_NUMBER><INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>${from}</FROM_YEAR><TO_YEAR>${to}</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH></INDIVIDUAL>`;
    for (const [from, to] of [
      ['1950', '1990'],
      ['1975', '1973'],
    ]) {
      const parsed = parseUnConsolidatedListXml(wrap(person(from!, to!)));
      expect(parsed.designations[0]!.birth_dates).toEqual([]);
      expect(parsed.warnings).toEqual([
        {
          place: 'INDIVIDUAL DATAID 1',
          error: `INDIVIDUAL_DATE_OF_BIRTH: FROM_YEAR "${from}" TO_YEAR "${to}" is not a range of at most 10 years; kept as published`,
        },
      ]);
    }
  });

  it('reads an empty list (no INDIVIDUAL, no ENTITY) as no designations', () => {
    for (const text of [wrap(''), wrap('').replace('<INDIVIDUALS></INDIVIDUALS>', '<INDIVIDUALS/>')]) {
      const parsed = parseUnConsolidatedListXml(Buffer.from(text));
      expect(parsed).toEqual({
        generatedOn: '2026-11-27T23:00:04.811Z',
        records: 0,
        designations: [],
        rejected: [],
        warnings: [],
      });
    }
  });

  it('stops with a clear error on a file that is not XML, with the line', () => {
    const error = parseError('Report Date: 13-Feb-2026\nLast Updated,Unique ID\n');
    expect(error.code).toBe('invalid_argument');
    expect(error.message).toMatch(
      /^Not a UN Security Council Consolidated List XML: not well-formed XML at line 1:/,
    );
    expect(error.details).toMatchObject({ line: 1 });
  });

  it('stops on truncated XML, an empty file, text that is not UTF-8, another root and a missing dateGenerated', () => {
    const truncated = SAMPLE.toString('utf8').slice(0, 2000);
    expect(parseError(truncated).message).toMatch(/not well-formed XML at line \d+/);
    expect(parseError('').message).toMatch(/the file is empty/);
    expect(parseError(Buffer.from([0x3c, 0x41, 0xff, 0xfe, 0x3e])).message).toMatch(/not UTF-8/);
    expect(parseError('<sdnList><sdnEntry/></sdnList>').message).toMatch(
      /the root element is "sdnList", expected "CONSOLIDATED_LIST"/,
    );
    expect(parseError(wrap('', '', '')).message).toMatch(/no readable dateGenerated attribute/);
    expect(parseError(wrap('', '', 'dateGenerated="yesterday"')).message).toMatch(/found "yesterday"/);
  });
});
