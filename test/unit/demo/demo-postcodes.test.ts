import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { PostcodePlace } from '../../../src/db/entities/postcode-place';
import {
  NSPL_2025_COLUMNS,
  registerPostcodes,
  writeDemoLocalAuthorityNames,
  writeDemoPostcodeLookup,
} from '../../../src/demo/demo-postcodes';
import { writeDemoRegisterCsv } from '../../../src/demo/demo-register';
import { TOWNS } from '../../../src/demo/demo-register-vocabulary';
import { compactPostcode } from '../../../src/domain/companies/postcode';
import { readLocalAuthorityNamesCsv } from '../../../src/ingest/ons/local-authority-names-csv';
import { parsePostcodeLookupCsv } from '../../../src/ingest/ons/postcode-lookup-csv';

const asOf = new Date('2025-06-01T00:00:00Z');

async function text(write: (out: PassThrough) => Promise<unknown>): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(out);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the demo postcode lookup', () => {
  let dir: string;
  let postcodes: Set<string>;
  let lookup: string;
  let places: Map<string, PostcodePlace>;
  let errors: unknown[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'demo-postcodes-'));
    const register = join(dir, 'register.csv');
    await writeDemoRegisterCsv(createWriteStream(register), { companies: 1_000, seed: 3, asOf });
    postcodes = await registerPostcodes(register);
    lookup = await text((out) => writeDemoPostcodeLookup(out, postcodes));
    const names = await readLocalAuthorityNamesCsv(
      Readable.from([await text((out) => writeDemoLocalAuthorityNames(out))]),
    );
    places = new Map();
    errors = [];
    for await (const entry of parsePostcodeLookupCsv(
      Readable.from([lookup]),
      new Map(names.names.map((n) => [n.code, n.name])),
    )) {
      if ('place' in entry) places.set(entry.place.postcodeCompact, entry.place);
      else errors.push(entry);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is written in the NSPL 2025 layout, header and all', () => {
    expect(lookup.split('\n')[0]).toBe(NSPL_2025_COLUMNS.join(','));
    expect(NSPL_2025_COLUMNS).toHaveLength(35);
  });

  it('covers every registered office postcode of the register, and reads back without errors', () => {
    expect(postcodes.size).toBeGreaterThan(900);
    expect(errors).toEqual([]);
    for (const postcode of postcodes) expect(places.has(compactPostcode(postcode))).toBe(true);
  });

  it('places every postcode in a region and a named local authority, with real ONS codes', () => {
    for (const place of places.values()) {
      expect(place.regionCode).toMatch(/^TL[C-N]$/);
      expect(place.localAuthorityCode).toMatch(/^[EWSN]\d{8}$/);
      expect(place.localAuthorityName).toBeTruthy();
    }
    const byAuthority = new Map([...places.values()].map((p) => [p.localAuthorityName, p]));
    expect(byAuthority.get('Manchester')).toMatchObject({
      localAuthorityCode: 'E08000003',
      regionCode: 'TLD',
    });
    expect(byAuthority.get('Cardiff')).toMatchObject({ localAuthorityCode: 'W06000015', regionCode: 'TLL' });
    expect(byAuthority.get('Glasgow City')).toMatchObject({ regionCode: 'TLM' });
    expect(byAuthority.get('Belfast')).toMatchObject({ regionCode: 'TLN' });
  });

  it('spreads the register over the UK, the North West included', () => {
    const regions = new Set([...places.values()].map((p) => p.regionCode));
    expect(regions.size).toBe(12);
    const northWest = [...places.values()].filter((p) => p.regionCode === 'TLD');
    expect(new Set(northWest.map((p) => p.localAuthorityName))).toEqual(
      new Set(['Manchester', 'Liverpool', 'Preston']),
    );
  });

  it('has a local authority for every town of the vocabulary', async () => {
    const everyDistrict = TOWNS.flatMap((town) =>
      town.areas.flatMap(([area, first]) => [`${area}${first} 1AA`]),
    );
    const all = await text((out) => writeDemoPostcodeLookup(out, everyDistrict));
    expect(all.trim().split('\n')).toHaveLength(1 + everyDistrict.length);
  });

  it('leaves out postcodes outside the demo towns and writes each postcode once, in order', async () => {
    const written = await text((out) =>
      writeDemoPostcodeLookup(out, ['ZE1 0AA', 'M2 1AB', 'm21ab', 'M1 1AB']),
    );
    const rows = written.trim().split('\n').slice(1);
    expect(rows.map((row) => row.split(',')[2])).toEqual(['"M1 1AB"', '"M2 1AB"']);
  });

  it('writes the same bytes for the same postcodes', async () => {
    expect(await text((out) => writeDemoPostcodeLookup(out, postcodes))).toBe(lookup);
  });
});
