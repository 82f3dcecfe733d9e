import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceError } from '../../../src/domain/errors';
import { designationIdentifiers } from '../../../src/domain/sanctions/identifiers/designation-identifiers';
import { listedPartyOf } from '../../../src/domain/sanctions/listed-party-of';
import {
  sanctionsDesignationSchema,
  type SanctionsDesignation,
} from '../../../src/domain/sanctions/sanctions-designation';
import { ofacBirthDates, readOfacRemarks } from '../../../src/ingest/sanctions/ofac/ofac-remarks';
import { parseOfacSdnCsv, type OfacSdnCsvFiles } from '../../../src/ingest/sanctions/ofac/ofac-sdn-csv';
import { programs } from '../../../src/ingest/sanctions/ofac/ofac-sdn-row';

const FIXTURES = join(__dirname, '../../fixtures/sanctions');
const fixture = (name: string) => readFileSync(join(FIXTURES, 'ofac', name));
const FILES: OfacSdnCsvFiles = {
  sdn: fixture('sdn.csv'),
  add: fixture('add.csv'),
  alt: fixture('alt.csv'),
  comments: fixture('sdn_comments.csv'),
};
const list = parseOfacSdnCsv(FILES);

function designation(uniqueId: string): SanctionsDesignation {
  const found = list.designations.find((d) => d.unique_id === uniqueId);
  if (found === undefined) throw new Error(`${uniqueId} was not read`);
  return found;
}

const NULLS = '-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ';
const sdnRow = (entNum: string, name: string, remarks = '-0- ') =>
  `${entNum},"${name}","individual","SDGT",${NULLS},${remarks}`;

function parseError(files: OfacSdnCsvFiles): ServiceError {
  try {
    parseOfacSdnCsv(files);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('the files were read');
}

describe('OFAC SDN legacy CSV parser (the published layout)', () => {
  it('reads every readable sdn.csv row in file order, each valid by the designation schema, without a publication date', () => {
    expect(list.records).toBe(10);
    expect(list.generatedOn).toBeUndefined();
    expect(list.designations.map((d) => [d.unique_id, d.type])).toEqual([
      ['OFAC-10001', 'individual'],
      ['OFAC-10002', 'entity'],
      ['OFAC-10003', 'ship'],
      ['OFAC-10004', 'entity'],
      ['OFAC-10005', 'individual'],
    ]);
    for (const d of list.designations) expect(sanctionsDesignationSchema.parse(d)).toEqual(d);
  });

  it('reads an individual\'s "SURNAME, Given" name, Title, programs, source and Remarks as published', () => {
    const d = designation('OFAC-10001');
    expect(d.names[0]).toMatchObject({
      name: 'Brannoch Teodor HALVORSEN',
      surname: 'HALVORSEN',
      given_names: 'Brannoch Teodor',
      name_type: 'primary',
      title: 'Deputy Director of Invented Works',
    });
    expect(d.regimes).toEqual(['RUSSIA-EO14024', 'UKRAINE-EO13660']);
    expect(d.designation_source).toBe('OFAC');
    expect([d.date_designated, d.last_updated, d.un_reference_number]).toEqual([null, null, null]);
    expect(d.other_information).toMatch(/^DOB 03 Mar 1961; alt\. DOB 1962; POB Vostokgrad, Russia;/);
  });

  it('reads both DOBs, nationality and citizenship, and the country of birth from Remarks', () => {
    const d = designation('OFAC-10001');
    expect(d.birth_dates).toEqual([
      { year: 1961, month: 3, day: 3 },
      { year: 1962, month: null, day: null },
    ]);
    expect(d.nationalities).toEqual(['Russia', 'Cyprus']);
    expect(d.birth_countries).toEqual(['Russia']);
  });

  it("reads alt.csv names as aliases and Remarks' quoted a.k.a.s as weak ones, which the matcher treats as low quality", () => {
    const d = designation('OFAC-10001');
    expect(d.names.slice(1).map((n) => [n.name, n.name_type, n.alias_strength])).toEqual([
      ['THE BRIDGE', 'alias', 'Low quality'],
      ['Brannoch HALVORSEN', 'alias', null],
      ['Teo HALVORSEN', 'alias', null],
    ]);
    const party = listedPartyOf({ ...d, list_id: 'ofac', primary_name: d.names[0]!.name, countries: [] });
    expect(party.names.map((n) => [n.text, n.quality])).toEqual([
      ['Brannoch Teodor HALVORSEN', 'good'],
      ['THE BRIDGE', 'low'],
      ['Brannoch HALVORSEN', 'good'],
      ['Teo HALVORSEN', 'good'],
    ]);
  });

  it('reads add.csv rows as addresses with their country, and skips a row of nulls', () => {
    expect(designation('OFAC-10001').addresses).toEqual([
      { lines: ['12 Invented Embankment', 'Vostokgrad 101000'], postal_code: null, country: 'Russia' },
      { lines: ['Limassol', 'Residence'], postal_code: null, country: 'Cyprus' },
    ]);
    expect(designation('OFAC-10003').addresses).toEqual([]);
  });

  it('reads an entity (SDN_Type -0-): fka and alt_remarks in details, registration numbers where the identifier parser reads them', () => {
    const d = designation('OFAC-10002');
    expect(d.names.map((n) => [n.name, n.name_type])).toEqual([
      ['ZANTREX VORELL TRADING LLC', 'primary'],
      ['ZANTREX TRADING OOO', 'alias'],
      ['ZV TRADING', 'alias'],
    ]);
    expect(d.names[0]!.surname).toBeNull();
    expect(d.details).toEqual({
      'Business registration number (s)': [
        // The registry each names, from its country and shape: how the identifier reader needs them labelled.
        'OGRN 1027799000008 (Russia)',
        'INN 7799123455 (Russia)',
      ],
      alt_type: ['fka: ZANTREX TRADING OOO'],
      alt_remarks: ['ZV TRADING: Trade name'],
    });
    expect(designationIdentifiers(d).map((i) => [i.scheme, i.value])).toEqual([
      ['ru-ogrn', '1027799000008'],
      ['ru-inn', '7799123455'],
    ]);
    expect(d.birth_dates).toEqual([]);
  });

  it('reads a vessel as a ship: its columns in details, its IMO number from Remarks under "IMO number"', () => {
    const d = designation('OFAC-10003');
    expect(d.regimes).toEqual(['IRAN', 'SDGT']);
    expect(d.details).toEqual({
      Call_Sign: ['9HZZ7'],
      Vess_type: ['Crude Oil Tanker'],
      Tonnage: ['52000'],
      GRT: ['29000'],
      Vess_flag: ['Panama'],
      Vess_owner: ['ZANTREX VORELL TRADING LLC'],
      'IMO number': ['9876505'],
    });
    expect(designationIdentifiers(d).map((i) => [i.scheme, i.value])).toEqual([['imo', '9876505']]);
    expect(d.names.map((n) => [n.name, n.alias_strength])).toEqual([
      ['KESTREL MOONWAKE', null],
      ['MOONWAKE', 'Low quality'],
    ]);
  });

  it('holds an aircraft as an entity with its SDN_Type kept', () => {
    expect(designation('OFAC-10004').details).toEqual({ SDN_Type: ['aircraft'] });
  });

  it('joins an sdn_comments.csv continuation to Remarks where it was cut, mid-word', () => {
    const d = designation('OFAC-10005');
    expect(d.other_information).toBe(
      "DOB circa 1975; alt. DOB 31 Feb 1975; nationality France; Passport 12AB34567 (France); a.k.a. 'LA COMETE'.",
    );
    expect(d.names.map((n) => [n.name, n.alias_strength])).toContainEqual(['LA COMETE', 'Low quality']);
    expect(d.birth_dates).toEqual([{ year: 1975, month: null, day: null }]);
  });

  it('rejects rows it cannot read with their file and line, and reads the rest', () => {
    expect(list.rejected.map((p) => [p.place, p.error])).toEqual([
      ['sdn.csv line 6', 'expected 12 fields, found 4'],
      ['sdn.csv line 7', 'SDN_Name: missing or -0-'],
      ['sdn.csv line 8', 'ent_num: "-0- " is not a record number'],
      ['sdn.csv line 9', 'ent_num 10002 repeats sdn.csv line 2'],
      ['sdn.csv line 10', 'SDN_Type: "spacecraft" is not individual, vessel, aircraft or -0-'],
      ['add.csv line 6', 'expected 6 fields, found 3'],
      ['alt.csv line 5', 'alt_name: missing or -0-'],
    ]);
    expect(designation('OFAC-10002').names[0]!.name).toBe('ZANTREX VORELL TRADING LLC');
  });

  it('warns of rows linked to no readable SDN row, an unknown alt_type and a DOB it cannot read', () => {
    expect(list.warnings.map((p) => [p.place, p.error])).toEqual([
      ['sdn.csv line 5', 'Remarks: DOB "31 Feb 1975" is not a date; kept as published'],
      ['add.csv line 5', 'ent_num 99999 has no row in sdn.csv; ignored'],
      ['alt.csv line 4', 'ent_num 99999 has no row in sdn.csv; ignored'],
      ['alt.csv line 6', 'alt_type: "xka" is not aka, fka or nka; read as aka'],
      ['alt.csv line 7', "ent_num 10007's sdn.csv row was rejected; ignored"],
      ['sdn_comments.csv line 2', 'ent_num 88888 has no row in sdn.csv; ignored'],
    ]);
  });

  it('reads sdn.csv alone (the other files are optional)', () => {
    const alone = parseOfacSdnCsv({ sdn: FILES.sdn });
    expect(alone.designations).toHaveLength(5);
    expect(alone.designations[0]!.addresses).toEqual([]);
    expect(alone.warnings.map((p) => p.place)).toEqual(['sdn.csv line 5']);
  });

  it('counts lines across a Remarks value that spans lines', () => {
    const sdn = [sdnRow('1', 'ONE, Person', '"DOB 1960;\r\nnationality Chad"'), sdnRow('2', '-0- ')].join(
      '\r\n',
    );
    const parsed = parseOfacSdnCsv({ sdn });
    expect(parsed.designations[0]!.nationalities).toEqual(['Chad']);
    expect(parsed.rejected.map((p) => p.place)).toEqual(['sdn.csv line 3']);
  });

  describe('a file that is not this list stops the whole list with invalid_argument', () => {
    it('an empty sdn.csv, or one holding only the end-of-file character', () => {
      for (const sdn of ['', '\r\n', '\u001a']) {
        const error = parseError({ sdn });
        expect(error.code).toBe('invalid_argument');
        expect(error.message).toBe("Not OFAC's SDN list in its CSV layout: sdn.csv: the file is empty");
      }
    });

    it('the UK Sanctions List CSV given as sdn.csv', () => {
      const error = parseError({ sdn: readFileSync(join(FIXTURES, 'uk-sanctions-list-2026-02-13.csv')) });
      expect(error.code).toBe('invalid_argument');
      expect(error.message).toMatch(
        /^Not OFAC's SDN list in its CSV layout: sdn\.csv: line 1 is not an SDN row/,
      );
      expect(error.details).toEqual({ file: 'sdn.csv', line: 1 });
    });

    it('a header row, which the published files do not have', () => {
      const header =
        'ent_num,SDN_Name,SDN_Type,Program,Title,Call_Sign,Vess_type,Tonnage,GRT,Vess_flag,Vess_owner,Remarks';
      expect(parseError({ sdn: `${header}\r\n${sdnRow('1', 'ONE, Person')}` }).message).toMatch(
        /line 1 is not an SDN row/,
      );
    });

    it('a file cut inside a quoted field, with the line', () => {
      const error = parseError({
        sdn: `${sdnRow('1', 'ONE, Person')}\r\n${sdnRow('2', 'TWO, Person', '"DOB 19')}`,
      });
      expect(error.message).toMatch(/^Not OFAC's SDN list in its CSV layout: sdn\.csv: malformed CSV: /);
      expect(error.details).toEqual({ file: 'sdn.csv', line: 2 });
    });

    it('a file that is not UTF-8 text, naming the file', () => {
      const error = parseError({
        sdn: sdnRow('1', 'ONE, Person'),
        alt: Buffer.from([0x31, 0x2c, 0xff, 0xfe]),
      });
      expect(error.message).toBe(
        "Not OFAC's SDN list in its CSV layout: alt.csv: the file is not UTF-8 text",
      );
    });
  });

  describe('Remarks and Program as published', () => {
    it('reads each published DOB form, a range as its years, and nothing else', () => {
      expect(ofacBirthDates('07 Oct 1952')).toEqual([{ year: 1952, month: 10, day: 7 }]);
      expect(ofacBirthDates('Oct 1952')).toEqual([{ year: 1952, month: 10, day: null }]);
      expect(ofacBirthDates('circa 1952')).toEqual([{ year: 1952, month: null, day: null }]);
      expect(ofacBirthDates('1989 to 1991')?.map((d) => d.year)).toEqual([1989, 1990, 1991]);
      for (const bad of ['31 Feb 1975', '1991 to 1989', '1900 to 1950', 'unknown', '07/10/1952'])
        expect(ofacBirthDates(bad)).toBeNull();
    });

    it('reads labelled clauses only, "alt." repeats included, and quoted a.k.a./f.k.a./n.k.a. as weak aliases', () => {
      const read = readOfacRemarks(
        'DOB 1960; alt. DOB 1961; nationality Iran; alt. nationality Iraq; Linked To: NATIONAL DOB COMPANY; a.k.a. "ABU X"; n.k.a. \'NEW NAME\'; IMO 1234567; Vessel Registration Identification IMO 9876505.',
      );
      expect(read.birthDates.map((d) => d.year)).toEqual([1960, 1961]);
      expect(read.nationalities).toEqual(['Iran', 'Iraq']);
      expect(read.weakAliases).toEqual([
        { type: 'aka', name: 'ABU X' },
        { type: 'nka', name: 'NEW NAME' },
      ]);
      expect(read.imoNumbers).toEqual(['1234567', '9876505']);
    });

    it('splits several programs written "A] [B] [C"', () => {
      expect(programs('SDNTK] [FTO] [SDGT')).toEqual(['SDNTK', 'FTO', 'SDGT']);
      expect(programs('SDGT')).toEqual(['SDGT']);
      expect(programs(null)).toEqual([]);
    });
  });
});
