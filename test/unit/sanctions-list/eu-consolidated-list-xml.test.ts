import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceError } from '../../../src/domain/errors';
import { designationIdentifiers } from '../../../src/domain/sanctions/identifiers/designation-identifiers';
import { listedPartyOf } from '../../../src/domain/sanctions/listed-party-of';
import {
  sanctionsDesignationSchema,
  type SanctionsDesignation,
} from '../../../src/domain/sanctions/sanctions-designation';
import { parseEuConsolidatedListXml } from '../../../src/ingest/sanctions/eu/eu-consolidated-list-xml';

const SAMPLE = readFileSync(join(__dirname, '../../fixtures/sanctions/eu-consolidated-list-sample.xml'));
const list = parseEuConsolidatedListXml(SAMPLE);

function designation(uniqueId: string): SanctionsDesignation {
  const found = list.designations.find((d) => d.unique_id === uniqueId);
  if (found === undefined) throw new Error(`${uniqueId} was not read`);
  return found;
}

const NS = 'xmlns="http://eu.europa.ec/fpi/fsd/export"';

function wrap(entries: string, root = 'generationDate="2026-11-27T21:24:35.826+01:00"'): string {
  return `<?xml version="1.0" encoding="UTF-8"?><export ${NS} ${root}>${entries}</export>`;
}

function entry(attributes: string, body: string): string {
  return `<sanctionEntity ${attributes}><regulation programme="RUS" publicationDate="2022-03-15" numberTitle="2022/1 (OJ L1)"/><subjectType code="person" classificationCode="P"/>${body}</sanctionEntity>`;
}

function parseError(input: string | Buffer): ServiceError {
  try {
    parseEuConsolidatedListXml(input);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

describe('EU consolidated financial sanctions list XML parser (the published v1.1 layout)', () => {
  it('reads generationDate and every sanctionEntity, each valid by the designation schema', () => {
    expect(list.generatedOn).toBe('2026-11-27T20:24:35.826Z');
    expect(list.records).toBe(5);
    expect(list.designations.map((d) => [d.unique_id, d.type])).toEqual([
      ['EU-900001', 'individual'],
      ['EU-900002', 'entity'],
      ['EU-900003', 'entity'],
    ]);
    for (const d of list.designations) expect(sanctionsDesignationSchema.parse(d)).toEqual(d);
  });

  it('maps the programmes, the earliest and latest regulation dates, the EU reference number and the remark', () => {
    const d = designation('EU-900001');
    expect(d.regimes).toEqual(['RUS']);
    expect(d.date_designated).toBe('2022-03-15');
    expect(d.last_updated).toBe('2023-06-23');
    expect(d.designation_source).toBe('EU');
    expect(d.un_reference_number).toBeNull();
    expect(d.details['EU reference number']).toEqual(['EU.9001.01']);
    expect(d.details['Regulation']).toEqual([
      '2023/9001 (OJ L900), published 2023-06-23',
      '2022/9001 (OJ L900), published 2022-03-15',
    ]);
    expect(d.other_information).toBe('Invented for tests. Deputy head of an invented ministry.');
  });

  it('makes the first strong nameAlias primary, the rest aliases, strong="false" low quality, Cyrillic non-Latin', () => {
    const names = designation('EU-900001').names.map((n) => [
      n.name,
      n.name_type,
      n.alias_strength,
      n.non_latin,
      n.script,
      n.language,
    ]);
    expect(names).toEqual([
      ['Arkady Petrovich Zelvanov', 'primary', null, false, null, null],
      ['Аркадий Петрович Зелванов', 'alias', 'Good quality', true, 'Cyrillic', 'RU'],
      ['Arkadiy Zelvanov', 'alias', 'Good quality', false, null, 'RU'],
      ['Arkasha', 'alias', 'Low quality', false, null, null],
    ]);
    const primary = designation('EU-900001').names[0]!;
    expect([primary.surname, primary.given_names, primary.title]).toEqual([
      'Zelvanov',
      'Arkady Petrovich',
      'Mr',
    ]);
    expect(designation('EU-900001').details['Function']).toEqual(['Invented deputy minister']);
  });

  it('gives the matcher the weak alias as low quality and the Cyrillic name as non-Latin', () => {
    const party = listedPartyOf({
      ...designation('EU-900001'),
      list_id: 'eu' as const,
      primary_name: 'Arkady Petrovich Zelvanov',
      countries: [],
    });
    expect(party.names.find((n) => n.text === 'Arkasha')?.quality).toBe('low');
    expect(party.names.find((n) => n.text === 'Arkadiy Zelvanov')?.quality).toBe('good');
    expect(party.names.find((n) => n.text.startsWith('Аркадий'))?.kind).toBe('non_latin');
  });

  it('reads birth dates (a circa year as a year), citizenship, birth country and addresses with their country', () => {
    const d = designation('EU-900001');
    expect(d.birth_dates).toEqual([
      { year: 1961, month: 7, day: 4 },
      { year: 1962, month: null, day: null },
    ]);
    expect(d.details['Date of birth']).toEqual(['1961-07-04', 'circa 1962']);
    expect(d.nationalities).toEqual(['RUSSIAN FEDERATION']);
    expect(d.birth_countries).toEqual(['RUSSIAN FEDERATION']);
    expect(d.addresses).toEqual([
      { lines: ['1 Invented Embankment', 'Moscow'], postal_code: '109012', country: 'RUSSIAN FEDERATION' },
    ]);
    expect(designation('EU-900003').addresses).toEqual([
      { lines: ['London'], postal_code: null, country: 'UNITED KINGDOM' },
    ]);
  });

  it('writes registration and IMO numbers under the UK columns so the identifier reader reads them', () => {
    expect(designation('EU-900002').details['Business registration number (s)']).toEqual([
      'OGRN 1027709990000',
      'INN 7709990015',
    ]);
    expect(designationIdentifiers(designation('EU-900002')).map((i) => [i.scheme, i.value])).toEqual([
      ['ru-ogrn', '1027709990000'],
      ['ru-inn', '7709990015'],
    ]);
    expect(designationIdentifiers(designation('EU-900003')).map((i) => [i.scheme, i.value])).toEqual([
      ['gb-coh', '01234567'],
      ['imo', '9900124'],
    ]);
  });

  it('keeps a number whose registry it cannot name, and a passport, as published and unread', () => {
    expect(designation('EU-900003').details['identification: regnumber']).toEqual([
      'Registration Number HRB 90003 (GERMANY)',
    ]);
    expect(designation('EU-900001').details['identification: passport']).toEqual([
      'National passport 900000001 (RUSSIAN FEDERATION)',
    ]);
    expect(designationIdentifiers(designation('EU-900001'))).toEqual([]);
  });

  it('rejects an entry without logicalId (by position) or without a name (by logicalId), and goes on', () => {
    expect(list.rejected).toEqual([
      { place: 'sanctionEntity #4', error: 'logicalId: missing or empty' },
      { place: 'sanctionEntity logicalId 900005', error: 'no name: every nameAlias has an empty wholeName' },
    ]);
  });

  it('warns of an unreadable publicationDate and keeps the designation, the date as published in details', () => {
    expect(list.warnings).toEqual([
      {
        place: 'sanctionEntity logicalId 900003',
        error: 'regulation publicationDate "15/05/2024" is not a yyyy-mm-dd date; left out',
      },
    ]);
    expect(designation('EU-900003').date_designated).toBeNull();
    expect(designation('EU-900003').details['Regulation']).toEqual([
      '2024/9003 (OJ L902), published 15/05/2024',
    ]);
  });

  it('warns of an unreadable birthdate and rejects an unknown subjectType and a repeated logicalId', () => {
    const parsed = parseEuConsolidatedListXml(
      wrap(
        entry(
          'logicalId="7"',
          '<nameAlias wholeName="Ann Example" strong="true"/><birthdate birthdate="1960-02-30"/>',
        ) +
          entry('logicalId="7"', '<nameAlias wholeName="Ann Again" strong="true"/>') +
          '<sanctionEntity logicalId="8"><subjectType code="vessel"/><nameAlias wholeName="Boat" strong="true"/></sanctionEntity>',
      ),
    );
    expect(parsed.designations.map((d) => [d.unique_id, d.birth_dates])).toEqual([['EU-7', []]]);
    expect(parsed.warnings).toEqual([
      {
        place: 'sanctionEntity logicalId 7',
        error: 'birthdate "1960-02-30" is not a yyyy-mm-dd date; kept as published',
      },
    ]);
    expect(parsed.designations[0]!.details['Date of birth']).toEqual(['1960-02-30']);
    expect(parsed.rejected).toEqual([
      { place: 'sanctionEntity logicalId 7', error: 'logicalId repeats sanctionEntity logicalId 7' },
      {
        place: 'sanctionEntity logicalId 8',
        error: 'subjectType code "vessel" is neither "person" nor "enterprise"',
      },
    ]);
  });

  it('gives a designation whose names are all weak no primary name: each stays a low-quality alias', () => {
    const parsed = parseEuConsolidatedListXml(
      wrap(entry('logicalId="9"', '<nameAlias wholeName="Abu Example" strong="false"/>')),
    );
    expect(parsed.designations[0]!.names).toMatchObject([
      { name: 'Abu Example', name_type: 'alias', alias_strength: 'Low quality' },
    ]);
  });

  it('reads an empty list (no sanctionEntity) as no designations', () => {
    const parsed = parseEuConsolidatedListXml(wrap(''));
    expect(parsed).toEqual({
      generatedOn: '2026-11-27T20:24:35.826Z',
      records: 0,
      designations: [],
      rejected: [],
      warnings: [],
    });
  });

  it('stops on a file that is not this list, saying why', () => {
    expect(parseError('').message).toMatch(
      /Not an EU consolidated financial sanctions list XML: the file is empty/,
    );
    expect(parseError('Unique ID,Name 6\n1,Example').message).toMatch(/not well-formed XML/);
    expect(parseError('<CONSOLIDATED_LIST dateGenerated="2026-01-01T00:00:00Z"/>').message).toMatch(
      /the root element is "CONSOLIDATED_LIST", expected "export"/,
    );
    expect(parseError(wrap('', 'generationDate="yesterday"')).message).toMatch(
      /export has no readable generationDate attribute \(found "yesterday"\)/,
    );
    expect(parseError(Buffer.from([0x3c, 0xff, 0xfe, 0x3e])).message).toMatch(/not UTF-8/);
    expect(parseError('<export').code).toBe('invalid_argument');
  });
});
