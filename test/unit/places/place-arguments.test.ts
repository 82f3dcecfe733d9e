import { ServiceError } from '../../../src/domain/errors';
import { ITL1_REGIONS, itl1RegionOf } from '../../../src/domain/places/itl1-regions';
import { parseLocalAuthorityArgument, parseRegionArgument } from '../../../src/domain/places/place-arguments';
import { placeNameKey } from '../../../src/domain/places/place-names';

function thrown(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('the ITL1 table', () => {
  it('has the twelve UK regions, each from one ONS code', () => {
    expect(ITL1_REGIONS.map((r) => r.code)).toEqual([
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
    expect(new Set(ITL1_REGIONS.map((r) => r.onsCode)).size).toBe(12);
  });

  it.each([
    ['E92000001', 'E12000002', 'TLD'],
    ['E92000001', 'E12000007', 'TLI'],
    ['W92000004', null, 'TLL'],
    ['S92000003', null, 'TLM'],
    ['N92000002', null, 'TLN'],
  ])('places country %s, region %s in %s', (country, region, code) => {
    expect(itl1RegionOf(country, region)).toMatchObject({ ok: true, region: { code } });
  });

  it.each([
    ['the Channel Islands', 'L93000001', null],
    ['the Isle of Man', 'M83000003', null],
    ['an English postcode without a region', 'E92000001', null],
    ['a postcode without a country', null, null],
  ])('puts %s in no region', (_name, country, region) => {
    expect(itl1RegionOf(country, region)).toEqual({ ok: true, region: null });
  });

  it('refuses codes it does not know, rather than leaving the region out', () => {
    expect(itl1RegionOf('E92000001', 'E12000010')).toMatchObject({ ok: false, column: 'rgn' });
    expect(itl1RegionOf('E92000001', 'W92000004')).toMatchObject({ ok: false, column: 'rgn' });
    expect(itl1RegionOf('X92000001', null)).toMatchObject({ ok: false, column: 'ctry' });
    // A region code is England's: the nations are read from ctry.
    expect(itl1RegionOf('E12000002', null)).toMatchObject({ ok: false, column: 'ctry' });
  });
});

describe('parseRegionArgument', () => {
  it.each([
    ['TLD', 'TLD'],
    ['tld', 'TLD'],
    ['North West', 'TLD'],
    ['  north   west ', 'TLD'],
    ['yorkshire and the humber', 'TLE'],
    ['Yorkshire & The Humber', 'TLE'],
    ['East of England', 'TLH'],
    ['Wales', 'TLL'],
    ['E12000002', 'TLD'],
    ['n92000002', 'TLN'],
  ])('reads %j as %s', (input, code) => {
    expect(parseRegionArgument(input)).toEqual({ column: 'region_code', values: [code] });
  });

  it.each([['Northwest'], ['TLZ'], ['UKD'], ['Lancashire'], [''], ['E92000001']])(
    'refuses %j as invalid_argument naming the argument',
    (input) => {
      const error = thrown(() => parseRegionArgument(input));
      expect(error.code).toBe('invalid_argument');
      expect(error.details).toEqual({ argument: 'region' });
      expect(error.message).toMatch(
        /^region: .* is not a UK ITL1 region; use a code or name: TLC North East, /,
      );
    },
  );

  it('names the argument it was given', () => {
    expect(thrown(() => parseRegionArgument('Mars', 'regions')).details).toEqual({ argument: 'regions' });
  });
});

describe('parseLocalAuthorityArgument', () => {
  it('reads an ONS code in any case', () => {
    expect(parseLocalAuthorityArgument('E08000003')).toEqual({ kind: 'code', code: 'E08000003' });
    expect(parseLocalAuthorityArgument(' w06000015 ')).toEqual({ kind: 'code', code: 'W06000015' });
  });

  it('reads anything else as a name, normalised', () => {
    expect(parseLocalAuthorityArgument('Manchester')).toEqual({ kind: 'name', nameKey: 'manchester' });
    expect(parseLocalAuthorityArgument('BRISTOL,  city of')).toEqual({
      kind: 'name',
      nameKey: 'bristol city of',
    });
    // Not a code: a wrong letter or length is a name, and will be refused as an unknown one.
    expect(parseLocalAuthorityArgument('X08000003')).toEqual({ kind: 'name', nameKey: 'x08000003' });
  });

  it('refuses an empty argument, naming it', () => {
    const error = thrown(() => parseLocalAuthorityArgument(' , ', 'local_authorities'));
    expect(error.code).toBe('invalid_argument');
    expect(error.details).toEqual({ argument: 'local_authorities' });
  });
});

describe('placeNameKey', () => {
  it('drops case, punctuation and extra spaces, and nothing else', () => {
    expect(placeNameKey('Bristol, City of')).toBe('bristol city of');
    expect(placeNameKey('St. Helens')).toBe('st helens');
    expect(placeNameKey('Na h-Eileanan Siar')).toBe('na h eileanan siar');
    expect(placeNameKey('Brighton & Hove')).toBe('brighton and hove');
    expect(placeNameKey('City of Bristol')).not.toBe(placeNameKey('Bristol, City of'));
  });
});
