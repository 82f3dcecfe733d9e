import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ServiceError } from '../../../src/domain/errors';
import { readLocalAuthorityNamesCsv } from '../../../src/ingest/ons/local-authority-names-csv';
import {
  parsePostcodeLookupCsv,
  type LocalAuthorityNames,
  type PostcodeLookupEntry,
} from '../../../src/ingest/ons/postcode-lookup-csv';
import { codeOrNone, locateLookupColumns } from '../../../src/ingest/ons/postcode-lookup-layout';

const fixtures = join(__dirname, '../../fixtures/postcodes');
const NSPL_2024 = join(fixtures, 'NSPL21_AUG_2024_UK-sample.csv');
const NSPL_2025 = join(fixtures, 'NSPL_FEB_2025_UK-sample.csv');
const ONSPD_2023 = join(fixtures, 'ONSPD_FEB_2023_UK-sample.csv');
const MISSING_COLUMNS = join(fixtures, 'missing-columns.csv');
const NAMES = join(fixtures, 'LA_UA names and codes UK as at 04_24.csv');

async function collect(input: Readable, names: LocalAuthorityNames = new Map()) {
  const entries: PostcodeLookupEntry[] = [];
  for await (const entry of parsePostcodeLookupCsv(input, names)) entries.push(entry);
  return entries;
}

const placesOf = (entries: PostcodeLookupEntry[]) =>
  new Map(entries.flatMap((e) => ('place' in e ? [[e.place.postcode, e.place] as const] : [])));

async function thrown(run: () => Promise<unknown>): Promise<ServiceError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('parsePostcodeLookupCsv (NSPL August 2024 layout)', () => {
  let entries: PostcodeLookupEntry[];
  beforeAll(async () => {
    const names = await readLocalAuthorityNamesCsv(createReadStream(NAMES));
    entries = await collect(createReadStream(NSPL_2024), new Map(names.names.map((n) => [n.code, n.name])));
  });

  it('maps an English postcode to its ITL1 region from rgn, its local authority from laua, and the name', () => {
    expect(placesOf(entries).get('M1 1AE')).toEqual({
      postcodeCompact: 'M11AE',
      postcode: 'M1 1AE',
      countryCode: 'E92000001',
      regionCode: 'TLD',
      localAuthorityCode: 'E08000003',
      localAuthorityName: 'Manchester',
      terminatedOn: null,
    });
    expect(placesOf(entries).get('EC1A 1BB')).toMatchObject({
      postcodeCompact: 'EC1A1BB',
      regionCode: 'TLI',
      localAuthorityName: 'City of London',
    });
  });

  it('gives Wales, Scotland and Northern Ireland their region from ctry (rgn is a pseudo code there)', () => {
    const places = placesOf(entries);
    expect(places.get('CF10 1EP')).toMatchObject({
      countryCode: 'W92000004',
      regionCode: 'TLL',
      localAuthorityCode: 'W06000015',
      localAuthorityName: 'Cardiff',
    });
    expect(places.get('EH1 1YZ')).toMatchObject({ regionCode: 'TLM', localAuthorityCode: 'S12000036' });
    expect(places.get('BT1 5GS')).toMatchObject({ regionCode: 'TLN', localAuthorityName: 'Belfast' });
  });

  it('keeps a terminated postcode, with the month it ended', () => {
    expect(placesOf(entries).get('M1 2HF')).toMatchObject({ regionCode: 'TLD', terminatedOn: '2005-12' });
  });

  it('puts the Channel Islands and the Isle of Man in no region and no local authority', () => {
    const places = placesOf(entries);
    expect(places.get('GY1 1AA')).toMatchObject({
      countryCode: 'L93000001',
      regionCode: null,
      localAuthorityCode: null,
      localAuthorityName: null,
    });
    expect(places.get('IM1 1AA')).toMatchObject({
      countryCode: 'M83000003',
      regionCode: null,
      localAuthorityCode: null,
    });
  });

  it('leaves region and local authority null where the lookup leaves them blank (no grid reference)', () => {
    expect(placesOf(entries).get('PR1 0SR')).toMatchObject({
      countryCode: 'E92000001',
      regionCode: null,
      localAuthorityCode: null,
    });
  });

  it('refuses bad rows with their line and reason, and goes on', () => {
    const errors = entries.filter((e): e is { line: number; error: string } => 'error' in e);
    expect(errors).toEqual([
      { line: 13, error: 'expected 35 fields, found 27' },
      { line: 14, error: 'pcds: not a postcode "NOT A PC"' },
      { line: 15, error: 'doterm: not a year and month (YYYYMM) "2005"' },
    ]);
    expect(entries).toHaveLength(18);
    expect(entries.map((e) => e.line)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
  });
});

describe('parsePostcodeLookupCsv: other releases, by column name', () => {
  it('reads the 2025 layout, whose names carry the year (lad25cd, ctry25cd, rgn25cd)', async () => {
    const places = placesOf(await collect(createReadStream(NSPL_2025)));
    expect(places.get('LS1 4DY')).toMatchObject({ regionCode: 'TLE', localAuthorityCode: 'E08000035' });
    expect(places.get('NE1 4ST')).toMatchObject({ regionCode: 'TLC', localAuthorityCode: 'E08000021' });
    expect(places.get('BS1 4DJ')).toMatchObject({ regionCode: 'TLK', localAuthorityCode: 'E06000023' });
    // No names given: the code stays, the name is null rather than made up.
    expect(places.get('BS1 4DJ')?.localAuthorityName).toBeNull();
  });

  it('reads the ONS Postcode Directory, whose local authority column is oslaua', async () => {
    const places = placesOf(await collect(createReadStream(ONSPD_2023)));
    expect(places.get('M1 1AE')).toMatchObject({ regionCode: 'TLD', localAuthorityCode: 'E08000003' });
    expect(places.get('CF10 1EP')).toMatchObject({ regionCode: 'TLL', localAuthorityCode: 'W06000015' });
  });

  it('refuses a header without the columns it reads, naming every one missing, before any row', async () => {
    const error = await thrown(() => collect(createReadStream(MISSING_COLUMNS)));
    expect(error.code).toBe('invalid_argument');
    expect(error.message).toBe(
      'Not an ONS postcode lookup (NSPL or ONSPD) header: missing the local authority (laua, oslaua or ' +
        'ladYYcd); the region (rgn or rgnYYcd)',
    );
  });

  it('refuses an empty file and a file with two columns for one thing', async () => {
    expect((await thrown(() => collect(Readable.from([''])))).message).toMatch(/the file is empty/);
    const twice =
      'pcds,doterm,laua,lad25cd,ctry,rgn\n"M1 1AE","","E08000003","E08000003","E92000001","E12000002"\n';
    expect((await thrown(() => collect(Readable.from([twice])))).message).toMatch(
      /more than one column for the local authority \(laua, oslaua or ladYYcd\): laua, lad25cd/,
    );
  });

  it('refuses unknown region and country codes and malformed local authority codes', async () => {
    const header = 'pcds,doterm,laua,ctry,rgn';
    const file = [
      header,
      '"M1 1AE","","E08000003","E92000001","E12000099"',
      '"M1 1AE","","E08000003","X92000001","E12000002"',
      '"M1 1AE","","E0800","E92000001","E12000002"',
      '"M1 1AE","","E08000003","E92000001","E12000002"',
    ].join('\n');
    const entries = await collect(Readable.from([file]));
    expect(entries).toEqual([
      { line: 2, error: 'rgn: unknown English region code "E12000099"' },
      { line: 3, error: 'ctry: unknown country code "X92000001"' },
      { line: 4, error: 'local authority: not an ONS code "E0800"' },
      expect.objectContaining({ line: 5, place: expect.objectContaining({ regionCode: 'TLD' }) }),
    ]);
  });

  it('reports a quote left open with its line, once', async () => {
    const file = 'pcds,doterm,laua,ctry,rgn\n"M1 1AE","","E08000003","E92000001","E12000002"\n"M1 3AE\n';
    const entries = await collect(Readable.from([file]));
    expect(entries[0]).toMatchObject({ line: 2, place: { postcode: 'M1 1AE' } });
    expect(entries[1]).toEqual({ line: 3, error: expect.stringMatching(/^malformed CSV: Quote Not Closed/) });
    expect(entries).toHaveLength(2);
  });
});

describe('locateLookupColumns and codeOrNone', () => {
  it('finds columns whatever their order and case', () => {
    expect(locateLookupColumns(['RGN', 'x', 'Ctry', 'LAD24CD', 'doterm', 'pcds'])).toEqual({
      region: 0,
      country: 2,
      localAuthority: 3,
      terminated: 4,
      postcode: 5,
      fieldCount: 6,
    });
  });

  it('reads blank and pseudo codes as none', () => {
    expect(codeOrNone('')).toBeNull();
    expect(codeOrNone(undefined)).toBeNull();
    expect(codeOrNone('E99999999')).toBeNull();
    expect(codeOrNone('L99999999')).toBeNull();
    expect(codeOrNone(' e08000003 ')).toBe('E08000003');
  });
});

describe('readLocalAuthorityNamesCsv', () => {
  it('reads codes and names, passes over pseudo rows and refuses a malformed code with its line', async () => {
    const file = await readLocalAuthorityNamesCsv(createReadStream(NAMES));
    expect(file.names).toContainEqual({ code: 'E06000023', name: 'Bristol, City of' });
    expect(file.names).toContainEqual({ code: 'W06000015', name: 'Cardiff' });
    expect(file.names.map((n) => n.code)).not.toContain('L99999999');
    expect(file.names).toHaveLength(11);
    expect(file.rejected).toEqual([{ line: 15, error: 'not a local authority code "X1234"' }]);
  });

  it('refuses a file without LADyyCD and LADyyNM columns', async () => {
    const error = await thrown(() =>
      readLocalAuthorityNamesCsv(Readable.from(['code,name\nE08000003,Manchester\n'])),
    );
    expect(error.message).toBe(
      'Not an ONS local authority names file (LA_UA names and codes): missing LADyyCD, LADyyNM',
    );
  });
});
