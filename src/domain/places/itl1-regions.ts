import { z } from 'zod';

/*
 * The 12 UK ITL1 regions (International Territorial Levels, the UK's successor to NUTS1 since 2021) and the ONS
 * codes each comes from in the postcode lookup. The lookup has no ITL1 column: its `itl` column holds the ITL3/LAU
 * code, so the region is derived from `rgn` (England's nine regions) and `ctry` (the other three nations, which
 * are one ITL1 region each). This table is the one place that mapping lives; docs/places.md publishes it.
 */

export const itl1CodeSchema = z.enum([
  'TLC',
  'TLD',
  'TLE',
  'TLF',
  'TLG',
  'TLH',
  'TLI',
  'TLJ',
  'TLK',
  'TLL',
  'TLM',
  'TLN',
]);
export type Itl1Code = z.infer<typeof itl1CodeSchema>;

export interface Itl1Region {
  code: Itl1Code;
  name: string;
  /** The ONS code it is read from: an English region (`rgn`, E12…) or a nation (`ctry`, W92/S92/N92…). */
  onsCode: string;
  onsColumn: 'rgn' | 'ctry';
}

export const ITL1_REGIONS: readonly Itl1Region[] = [
  { code: 'TLC', name: 'North East', onsCode: 'E12000001', onsColumn: 'rgn' },
  { code: 'TLD', name: 'North West', onsCode: 'E12000002', onsColumn: 'rgn' },
  { code: 'TLE', name: 'Yorkshire and The Humber', onsCode: 'E12000003', onsColumn: 'rgn' },
  { code: 'TLF', name: 'East Midlands', onsCode: 'E12000004', onsColumn: 'rgn' },
  { code: 'TLG', name: 'West Midlands', onsCode: 'E12000005', onsColumn: 'rgn' },
  { code: 'TLH', name: 'East of England', onsCode: 'E12000006', onsColumn: 'rgn' },
  { code: 'TLI', name: 'London', onsCode: 'E12000007', onsColumn: 'rgn' },
  { code: 'TLJ', name: 'South East', onsCode: 'E12000008', onsColumn: 'rgn' },
  { code: 'TLK', name: 'South West', onsCode: 'E12000009', onsColumn: 'rgn' },
  { code: 'TLL', name: 'Wales', onsCode: 'W92000004', onsColumn: 'ctry' },
  { code: 'TLM', name: 'Scotland', onsCode: 'S92000003', onsColumn: 'ctry' },
  { code: 'TLN', name: 'Northern Ireland', onsCode: 'N92000002', onsColumn: 'ctry' },
];

/** The ONS country codes the lookup uses; the Crown dependencies are in the file but in no ITL1 region. */
export const ONS_COUNTRY = {
  england: 'E92000001',
  wales: 'W92000004',
  scotland: 'S92000003',
  northernIreland: 'N92000002',
  channelIslands: 'L93000001',
  isleOfMan: 'M83000003',
} as const;

const byCode = new Map<string, Itl1Region>(ITL1_REGIONS.map((region) => [region.code, region]));
const byOnsCode = new Map(ITL1_REGIONS.map((region) => [region.onsCode, region]));

export function itl1Region(code: string): Itl1Region | undefined {
  return byCode.get(code);
}

/** Every ITL1 region code with its name, for messages and schema descriptions. */
export function describeItl1Regions(): string {
  return ITL1_REGIONS.map((region) => `${region.code} ${region.name}`).join(', ');
}

export type RegionOfCodes =
  { ok: true; region: Itl1Region | null } | { ok: false; error: string; column: 'ctry' | 'rgn' };

/**
 * The ITL1 region of a postcode from its ONS country and region codes, already cleared of pseudo codes (null).
 * England needs its `rgn`; the other nations are a region each whatever `rgn` says (a pseudo code there);
 * the Channel Islands, the Isle of Man and a postcode with no country have none. A code this table does not
 * know is an error rather than a region left out, so a new ONS code is noticed.
 */
export function itl1RegionOf(countryCode: string | null, regionCode: string | null): RegionOfCodes {
  if (countryCode === null) return { ok: true, region: null };
  if (countryCode === ONS_COUNTRY.england) {
    if (regionCode === null) return { ok: true, region: null };
    const region = byOnsCode.get(regionCode);
    if (region?.onsColumn === 'rgn') return { ok: true, region };
    return { ok: false, column: 'rgn', error: `unknown English region code ${JSON.stringify(regionCode)}` };
  }
  const nation = byOnsCode.get(countryCode);
  if (nation?.onsColumn === 'ctry') return { ok: true, region: nation };
  if (countryCode === ONS_COUNTRY.channelIslands || countryCode === ONS_COUNTRY.isleOfMan) {
    return { ok: true, region: null };
  }
  return { ok: false, column: 'ctry', error: `unknown country code ${JSON.stringify(countryCode)}` };
}
