import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceError } from '../../../src/domain/errors';
import { sanctionsDesignationSchema } from '../../../src/domain/sanctions/sanctions-designation';
import { parseUkSanctionsListCsv } from '../../../src/ingest/sanctions/uk-sanctions-list-csv';
import { UK_SANCTIONS_LIST_COLUMNS } from '../../../src/ingest/sanctions/uk-sanctions-list-layout';
import {
  UK_SANCTIONS_LIST_HEADER_LINE,
  ukSanctionsListRowLine,
} from '../../../src/ingest/sanctions/uk-sanctions-list-writer';

const fixtures = join(__dirname, '../../fixtures/sanctions');
const V1 = readFileSync(join(fixtures, 'uk-sanctions-list-2026-02-13.csv'));

const oneRow = ukSanctionsListRowLine({
  'Unique ID': 'TST0001',
  'Name 6': 'EXAMPLE',
  'Name 1': 'Ann',
  'Name type': 'Primary Name',
  'Designation Type': 'Individual',
  'Regime Name': 'Russia',
});

async function parseError(text: string): Promise<ServiceError> {
  try {
    await parseUkSanctionsListCsv(text);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

describe('UK Sanctions List CSV parser (the published layout)', () => {
  it('reads the Report Date line and folds one row per name into designations by Unique ID', async () => {
    const list = await parseUkSanctionsListCsv(V1);
    expect(list.reportDate).toBe('2026-02-13');
    expect(list.rows).toBe(14);
    expect(list.designations.map((d) => d.unique_id)).toEqual([
      'RUS9001',
      'SYR9002',
      'CYB9003',
      'RUS9004',
      'IRN9005',
    ]);
    for (const designation of list.designations)
      expect(sanctionsDesignationSchema.safeParse(designation).success).toBe(true);
  });

  it('keeps every name with its type, alias strength, title and non-Latin script', async () => {
    const volkova = (await parseUkSanctionsListCsv(V1)).designations[0]!;
    expect(volkova.type).toBe('individual');
    expect(volkova.names).toEqual([
      {
        name: 'Marina Sergeyevna VOLKOVA',
        surname: 'VOLKOVA',
        given_names: 'Marina Sergeyevna',
        name_type: 'primary',
        alias_strength: null,
        title: 'Ms',
        non_latin: false,
        script: null,
        language: null,
      },
      {
        name: 'Марина Сергеевна Волкова',
        surname: null,
        given_names: null,
        name_type: 'primary',
        alias_strength: null,
        title: 'Ms',
        non_latin: true,
        script: 'Cyrillic',
        language: 'Russian',
      },
      expect.objectContaining({ name: 'Maryna VOLKOVA', name_type: 'primary_variation', non_latin: false }),
      expect.objectContaining({
        name: 'Marina VOLKOVA-GRANT',
        name_type: 'alias',
        alias_strength: 'Good quality',
      }),
    ]);
    const haddad = (await parseUkSanctionsListCsv(V1)).designations[1]!;
    expect(haddad.names.find((name) => name.non_latin)).toMatchObject({
      name: 'خالد يوسف الحداد',
      script: 'Arabic',
      language: 'Arabic',
    });
  });

  it('reads partial dates of birth as far as they go, and every distinct one across the rows', async () => {
    const [volkova, haddad, , , rahimi] = (await parseUkSanctionsListCsv(V1)).designations;
    expect(volkova!.birth_dates).toEqual([{ year: 1971, month: 7, day: null }]);
    expect(haddad!.birth_dates).toEqual([
      { year: 1960, month: null, day: null },
      { year: 1962, month: null, day: null },
    ]);
    expect(rahimi!.birth_dates).toEqual([{ year: 1958, month: 2, day: 14 }]);
    // The published text stays beside the reading.
    expect(volkova!.details['D.O.B']).toEqual(['00/07/1971']);
  });

  it('reads regimes, measures, dates, nationalities (numbered lists too), addresses and statements', async () => {
    const [volkova, , , , rahimi] = (await parseUkSanctionsListCsv(V1)).designations;
    expect(volkova).toMatchObject({
      regimes: ['Russia'],
      designation_source: 'UK',
      sanctions_imposed: ['Asset freeze', 'Travel Ban', 'Director disqualification sanction'],
      date_designated: '2022-03-15',
      last_updated: '2026-01-10',
      ofsi_group_id: '99001',
      nationalities: ['Russia'],
      birth_countries: ['Russia'],
      addresses: [{ lines: ['12 Invented Embankment', 'Moscow'], postal_code: null, country: 'Russia' }],
      statement_of_reasons:
        'An invented designation for tests.\nIts reasons run over two lines, as real ones do.',
    });
    expect(volkova!.details).toMatchObject({
      'Passport number': ['XX0000001'],
      Gender: ['Female'],
      'Town of birth': ['Tver'],
    });
    expect(rahimi!.nationalities).toEqual(['Iran', 'Iraq']);
  });

  it('reads entities and ships with their own columns', async () => {
    const [, , northwind, lantern] = (await parseUkSanctionsListCsv(V1)).designations;
    expect(northwind!.type).toBe('entity');
    expect(northwind!.names.map((name) => [name.name, name.name_type, name.non_latin])).toEqual([
      ['NORTHWIND DATA SYSTEMS LLC', 'primary', false],
      ['ООО «Нордвинд Дата Системс»', 'primary', true],
      ['OOO NORDVIND DATA SISTEMS', 'primary_variation', false],
      ['NWDS', 'alias', false],
    ]);
    expect(northwind!.names[0]!.given_names).toBeNull();
    expect(northwind!.details).toMatchObject({
      'Type of entity': ['Limited liability company'],
      'Business registration number (s)': ['1000000000001'],
    });
    expect(lantern!.type).toBe('ship');
    expect(lantern!.details).toMatchObject({
      'IMO number': ['9000001'],
      'Current believed flag of ship': ['Cameroon'],
      'Type of ship': ['Oil tanker'],
      'Tonnage of ship': ['61000'],
    });
    expect(lantern!.other_information).toBe('Part of an invented "shadow fleet", for tests.');
  });

  it('rejects a malformed row with its physical line (multi-line fields counted) and reads the rest', async () => {
    const list = await parseUkSanctionsListCsv(V1);
    expect(list.rejected).toEqual([
      { line: 17, error: 'Designation Type: "Vessel" is not Individual, Entity or Ship' },
      { line: 18, error: `expected ${UK_SANCTIONS_LIST_COLUMNS.length} fields, found 9` },
    ]);
    // The row after the malformed ones still belongs to its designation.
    expect(list.designations[4]!.names.map((name) => name.name)).toEqual([
      'Dariush RAHIMI',
      'Daryush RAHIMI',
    ]);
    expect(list.warnings).toEqual([]);
  });

  it('rejects rows without a Unique ID, without a name, or changing a designation type', async () => {
    const text =
      'Report Date: 01/03/2026\n' +
      UK_SANCTIONS_LIST_HEADER_LINE +
      oneRow +
      ukSanctionsListRowLine({ 'Name 6': 'NO ID', 'Name type': 'Alias', 'Designation Type': 'Individual' }) +
      ukSanctionsListRowLine({ 'Unique ID': 'TST0002', 'Name type': 'Alias', 'Designation Type': 'Entity' }) +
      ukSanctionsListRowLine({
        'Unique ID': 'TST0001',
        'Name 6': 'EXAMPLE CO',
        'Name type': 'Alias',
        'Designation Type': 'Entity',
      });
    const list = await parseUkSanctionsListCsv(text);
    expect(list.reportDate).toBe('2026-03-01');
    expect(list.rejected).toEqual([
      { line: 4, error: 'Unique ID: empty' },
      { line: 5, error: 'no name: Name 1 to Name 6 and Name non-latin script are all empty' },
      { line: 6, error: 'Designation Type "Entity" differs from line 3 of TST0001' },
    ]);
    expect(list.designations).toHaveLength(1);
  });

  it('keeps a garbled date of birth or name type as published, with a warning, and the name on the list', async () => {
    const text =
      'Report Date: 01-Mar-2026\n' +
      UK_SANCTIONS_LIST_HEADER_LINE +
      ukSanctionsListRowLine({
        'Unique ID': 'TST0003',
        'Name 6': 'GARBLED',
        'Name type': 'Nickname',
        'Designation Type': 'Individual',
        'D.O.B': '31/02/1970',
        'Date Designated': '2020-01-01',
      });
    const list = await parseUkSanctionsListCsv(text);
    expect(list.rejected).toEqual([]);
    expect(list.warnings.map((warning) => warning.line)).toEqual([3, 3, 3]);
    expect(list.warnings.map((warning) => warning.error.split(':')[0])).toEqual([
      'Name type',
      'Date Designated',
      'D.O.B',
    ]);
    const [designation] = list.designations;
    expect(designation!.names[0]!.name_type).toBe('alias');
    expect(designation!.birth_dates).toEqual([]);
    expect(designation!.details['D.O.B']).toEqual(['31/02/1970']);
    expect(designation!.date_designated).toBeNull();
  });

  it('refuses a file whose first line is not the Report Date line, naming what it found', async () => {
    const error = await parseError(UK_SANCTIONS_LIST_HEADER_LINE + oneRow);
    expect(error.code).toBe('invalid_argument');
    expect(error.message).toMatch(
      /^Not a UK Sanctions List CSV: line 1 should be "Report Date: dd\/mm\/yyyy"/,
    );
    expect(error.details).toEqual({ line: 1 });
  });

  it('refuses a garbled Report Date', async () => {
    for (const date of ['31/02/2026', '13-Fbr-2026', 'yesterday', '']) {
      const error = await parseError(`Report Date: ${date}\n${UK_SANCTIONS_LIST_HEADER_LINE}${oneRow}`);
      expect(error.message).toContain(`the Report Date ${JSON.stringify(date)} is not a date`);
    }
  });

  it('refuses a header that differs from the published one, naming the column', async () => {
    const renamed = UK_SANCTIONS_LIST_HEADER_LINE.replace('Regime Name', 'Regime');
    const error = await parseError(`Report Date: 13/02/2026\n${renamed}${oneRow}`);
    expect(error.message).toBe(
      'Not a UK Sanctions List CSV: header column 17 is "Regime", expected "Regime Name"',
    );
    expect(error.details).toEqual({ line: 2, column: 17 });
    const short = UK_SANCTIONS_LIST_COLUMNS.slice(0, -1).join(',') + '\n';
    expect((await parseError(`Report Date: 13/02/2026\n${short}`)).message).toContain(
      'header column 58 is missing, expected "Hull identification number (HIN)"',
    );
  });

  it('refuses an empty file and a file with no header', async () => {
    expect((await parseError('')).message).toBe('Not a UK Sanctions List CSV: the file is empty');
    expect((await parseError('Report Date: 13/02/2026\n')).message).toBe(
      'Not a UK Sanctions List CSV: the header line is missing',
    );
  });
});
