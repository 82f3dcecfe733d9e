import { createReadStream, createWriteStream } from 'node:fs';
import { ChunkedWriter } from './chunked-writer';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import { parse } from 'csv-parse';
import { postcodeKeys } from '../domain/companies/postcode';
import { ONS_COUNTRY } from '../domain/places/itl1-regions';
import { BASIC_COMPANY_DATA_COLUMNS } from '../ingest/companies-house/companies-csv';
import { importPostcodeLookup, type ImportPostcodesResult } from '../ingest/ons/import-postcodes';
import { TOWNS, type Nation } from './demo-register-vocabulary';

/*
 * The demo's postcode lookup: for every registered office postcode of a generated register, a row in the ONS
 * National Statistics Postcode Lookup's 2025 layout (same header), with the real ONS codes of the town's local
 * authority, county, region and country, plus the local authority names file that ships with it. The importer
 * reads them as it reads the real files (docs/places.md). Columns the importer does not read are left empty.
 * A London postcode area is given one borough, a simplification: real areas span several.
 */

/** The header of the NSPL from 2025 (NSPL_FEB_2025_UK.csv), column for column. */
export const NSPL_2025_COLUMNS = [
  'pcd7',
  'pcd8',
  'pcds',
  'dointr',
  'doterm',
  'usrtypind',
  'east1m',
  'north1m',
  'gridind',
  'oa21cd',
  'cty25cd',
  'ced25cd',
  'lad25cd',
  'wd25cd',
  'nhser24cd',
  'ctry25cd',
  'rgn25cd',
  'pcon24cd',
  'ttwa15cd',
  'itl25cd',
  'npark16cd',
  'lsoa21cd',
  'msoa21cd',
  'wz11cd',
  'sicbl24cd',
  'bua24cd',
  'ruc21ind',
  'oac11ind',
  'lat',
  'long',
  'lep21cd1',
  'lep21cd2',
  'pfa23cd',
  'imd20ind',
  'icb23cd',
] as const;

interface DemoLocalAuthority {
  code: string;
  name: string;
  /** cty25cd: the county of a two-tier district, the metropolitan county, Inner London; a pseudo code otherwise. */
  county: string;
  /** rgn25cd: England's region; the nation's pseudo code elsewhere. */
  region: string;
}

const UNITARY = 'E99999999';

/** The local authority of each demo town, by its name in the vocabulary. */
const TOWN_AUTHORITIES: Record<string, DemoLocalAuthority> = {
  MANCHESTER: { code: 'E08000003', name: 'Manchester', county: 'E11000001', region: 'E12000002' },
  LIVERPOOL: { code: 'E08000012', name: 'Liverpool', county: 'E11000002', region: 'E12000002' },
  PRESTON: { code: 'E07000123', name: 'Preston', county: 'E10000017', region: 'E12000002' },
  BIRMINGHAM: { code: 'E08000025', name: 'Birmingham', county: 'E11000005', region: 'E12000005' },
  COVENTRY: { code: 'E08000026', name: 'Coventry', county: 'E11000005', region: 'E12000005' },
  'STOKE-ON-TRENT': { code: 'E06000021', name: 'Stoke-on-Trent', county: UNITARY, region: 'E12000005' },
  LEEDS: { code: 'E08000035', name: 'Leeds', county: 'E11000006', region: 'E12000003' },
  SHEFFIELD: { code: 'E08000019', name: 'Sheffield', county: 'E11000003', region: 'E12000003' },
  YORK: { code: 'E06000014', name: 'York', county: UNITARY, region: 'E12000003' },
  HULL: { code: 'E06000010', name: 'Kingston upon Hull, City of', county: UNITARY, region: 'E12000003' },
  'NEWCASTLE UPON TYNE': {
    code: 'E08000021',
    name: 'Newcastle upon Tyne',
    county: 'E11000007',
    region: 'E12000001',
  },
  NOTTINGHAM: { code: 'E06000018', name: 'Nottingham', county: UNITARY, region: 'E12000004' },
  LEICESTER: { code: 'E06000016', name: 'Leicester', county: UNITARY, region: 'E12000004' },
  DERBY: { code: 'E06000015', name: 'Derby', county: UNITARY, region: 'E12000004' },
  CAMBRIDGE: { code: 'E07000008', name: 'Cambridge', county: 'E10000003', region: 'E12000006' },
  NORWICH: { code: 'E07000148', name: 'Norwich', county: 'E10000020', region: 'E12000006' },
  IPSWICH: { code: 'E07000202', name: 'Ipswich', county: 'E10000029', region: 'E12000006' },
  CHELMSFORD: { code: 'E07000070', name: 'Chelmsford', county: 'E10000012', region: 'E12000006' },
  READING: { code: 'E06000038', name: 'Reading', county: UNITARY, region: 'E12000008' },
  OXFORD: { code: 'E07000178', name: 'Oxford', county: 'E10000025', region: 'E12000008' },
  BRIGHTON: { code: 'E06000043', name: 'Brighton and Hove', county: UNITARY, region: 'E12000008' },
  SOUTHAMPTON: { code: 'E06000045', name: 'Southampton', county: UNITARY, region: 'E12000008' },
  PORTSMOUTH: { code: 'E06000044', name: 'Portsmouth', county: UNITARY, region: 'E12000008' },
  'MILTON KEYNES': { code: 'E06000042', name: 'Milton Keynes', county: UNITARY, region: 'E12000008' },
  GUILDFORD: { code: 'E07000209', name: 'Guildford', county: 'E10000030', region: 'E12000008' },
  MAIDSTONE: { code: 'E07000110', name: 'Maidstone', county: 'E10000016', region: 'E12000008' },
  CANTERBURY: { code: 'E07000106', name: 'Canterbury', county: 'E10000016', region: 'E12000008' },
  BRISTOL: { code: 'E06000023', name: 'Bristol, City of', county: UNITARY, region: 'E12000009' },
  EXETER: { code: 'E07000041', name: 'Exeter', county: 'E10000008', region: 'E12000009' },
  PLYMOUTH: { code: 'E06000026', name: 'Plymouth', county: UNITARY, region: 'E12000009' },
  BATH: { code: 'E06000022', name: 'Bath and North East Somerset', county: UNITARY, region: 'E12000009' },
  GLOUCESTER: { code: 'E07000081', name: 'Gloucester', county: 'E10000013', region: 'E12000009' },
  CARDIFF: { code: 'W06000015', name: 'Cardiff', county: 'W99999999', region: 'W99999999' },
  SWANSEA: { code: 'W06000011', name: 'Swansea', county: 'W99999999', region: 'W99999999' },
  WREXHAM: { code: 'W06000006', name: 'Wrexham', county: 'W99999999', region: 'W99999999' },
  EDINBURGH: { code: 'S12000036', name: 'City of Edinburgh', county: 'S99999999', region: 'S99999999' },
  GLASGOW: { code: 'S12000049', name: 'Glasgow City', county: 'S99999999', region: 'S99999999' },
  ABERDEEN: { code: 'S12000033', name: 'Aberdeen City', county: 'S99999999', region: 'S99999999' },
  DUNDEE: { code: 'S12000042', name: 'Dundee City', county: 'S99999999', region: 'S99999999' },
  INVERNESS: { code: 'S12000017', name: 'Highland', county: 'S99999999', region: 'S99999999' },
  BELFAST: { code: 'N09000003', name: 'Belfast', county: 'N99999999', region: 'N99999999' },
  LONDONDERRY: {
    code: 'N09000005',
    name: 'Derry City and Strabane',
    county: 'N99999999',
    region: 'N99999999',
  },
};

const INNER_LONDON = 'E13000001';
const LONDON = 'E12000007';
/** London's postcode areas, each given one borough. */
const LONDON_AREA_AUTHORITIES: Record<string, DemoLocalAuthority> = {
  E: { code: 'E09000030', name: 'Tower Hamlets', county: INNER_LONDON, region: LONDON },
  N: { code: 'E09000019', name: 'Islington', county: INNER_LONDON, region: LONDON },
  NW: { code: 'E09000007', name: 'Camden', county: INNER_LONDON, region: LONDON },
  SE: { code: 'E09000028', name: 'Southwark', county: INNER_LONDON, region: LONDON },
  SW: { code: 'E09000032', name: 'Wandsworth', county: INNER_LONDON, region: LONDON },
  W: { code: 'E09000033', name: 'Westminster', county: INNER_LONDON, region: LONDON },
};

const NATION_COUNTRY_CODE: Record<Nation, string> = {
  england: ONS_COUNTRY.england,
  wales: ONS_COUNTRY.wales,
  scotland: ONS_COUNTRY.scotland,
  'northern-ireland': ONS_COUNTRY.northernIreland,
};

interface DemoPlace {
  authority: DemoLocalAuthority;
  country: string;
}

/** Every outward code the demo register can give a town, with that town's place. */
const PLACES_BY_OUTWARD = new Map<string, DemoPlace>();
for (const town of TOWNS) {
  for (const [area, first, last] of town.areas) {
    const authority = town.town === 'LONDON' ? LONDON_AREA_AUTHORITIES[area] : TOWN_AUTHORITIES[town.town];
    if (authority === undefined) throw new Error(`no demo local authority for ${town.town} (${area})`);
    for (let district = first; district <= last; district++) {
      PLACES_BY_OUTWARD.set(`${area}${district}`, { authority, country: NATION_COUNTRY_CODE[town.nation] });
    }
  }
}

function demoPlace(postcode: string): { pcds: string; place: DemoPlace } | undefined {
  const keys = postcodeKeys(postcode);
  if (keys.compact === null || keys.outward === null || keys.outward === keys.compact) return undefined;
  const place = PLACES_BY_OUTWARD.get(keys.outward);
  if (place === undefined) return undefined;
  return { pcds: `${keys.outward} ${keys.compact.slice(keys.outward.length)}`, place };
}

const quoted = (value: string) => `"${value}"`;

function lookupLine(pcds: string, { authority, country }: DemoPlace): string {
  const [outward, inward] = pcds.split(' ') as [string, string];
  const values: Partial<Record<(typeof NSPL_2025_COLUMNS)[number], string>> = {
    pcd7: outward.padEnd(4) + inward,
    pcd8: outward.padEnd(5) + inward,
    pcds,
    dointr: '198001',
    usrtypind: '0',
    cty25cd: authority.county,
    lad25cd: authority.code,
    ctry25cd: country,
    rgn25cd: authority.region,
    itl25cd: authority.code,
  };
  return NSPL_2025_COLUMNS.map((column) => quoted(values[column] ?? '')).join(',');
}

/**
 * Writes the lookup rows of the postcodes given, in postcode order, each once. A postcode outside the demo
 * towns is left out, as the real lookup leaves out a postcode that does not exist.
 */
export async function writeDemoPostcodeLookup(out: Writable, postcodes: Iterable<string>): Promise<number> {
  const rows = new Map<string, DemoPlace>();
  for (const postcode of postcodes) {
    const found = demoPlace(postcode);
    if (found) rows.set(found.pcds, found.place);
  }
  const writer = new ChunkedWriter(out);
  await writer.write(NSPL_2025_COLUMNS.join(',') + '\n');
  for (const pcds of [...rows.keys()].sort()) await writer.write(lookupLine(pcds, rows.get(pcds)!) + '\n');
  await writer.close(true);
  return rows.size;
}

/** The names file, as "LA_UA names and codes UK as at 04_25.csv" lays it out, pseudo rows included. */
export async function writeDemoLocalAuthorityNames(out: Writable): Promise<void> {
  const authorities = new Map<string, string>();
  for (const { code, name } of [
    ...Object.values(TOWN_AUTHORITIES),
    ...Object.values(LONDON_AREA_AUTHORITIES),
  ]) {
    authorities.set(code, name);
  }
  authorities.set('L99999999', '(pseudo) Channel Islands');
  authorities.set('M99999999', '(pseudo) Isle of Man');
  const csvField = (value: string) => (value.includes(',') ? quoted(value) : value);
  const writer = new ChunkedWriter(out);
  await writer.write('LAD25CD,LAD25NM,LAD25NMW\r\n');
  for (const code of [...authorities.keys()].sort()) {
    await writer.write(`${code},${csvField(authorities.get(code)!)},\r\n`);
  }
  await writer.close(true);
}

const POSTCODE_COLUMN = BASIC_COMPANY_DATA_COLUMNS.indexOf('RegAddress.PostCode');

/** The registered office postcodes of a BasicCompanyData CSV (the generated register), read by column. */
export async function registerPostcodes(registerCsv: string): Promise<Set<string>> {
  const postcodes = new Set<string>();
  const parser = createReadStream(registerCsv).pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, from_line: 2 }),
  );
  for await (const record of parser as AsyncIterable<string[]>) {
    const postcode = record[POSTCODE_COLUMN];
    if (postcode) postcodes.add(postcode);
  }
  return postcodes;
}

/**
 * Writes the lookup for the postcodes of a generated register, and the names file, into `dir`, and imports
 * them the way `import postcodes FILE --names NAMES` does.
 */
export async function importDemoPostcodeLookup(
  em: EntityManager,
  dir: string,
  registerCsv: string,
): Promise<ImportPostcodesResult> {
  const lookup = join(dir, 'NSPL_DEMO_UK.csv');
  const names = join(dir, 'LA_UA names and codes UK as at 04_25.csv');
  await writeDemoPostcodeLookup(createWriteStream(lookup), await registerPostcodes(registerCsv));
  await writeDemoLocalAuthorityNames(createWriteStream(names));
  return importPostcodeLookup(em, lookup, { namesFile: names });
}
