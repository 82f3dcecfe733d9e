import { parsePostcodeFilter, postcodeKeys } from '../../../src/domain/companies/postcode';
import { ServiceError } from '../../../src/domain/errors';
import { nextPrefix } from '../../../src/domain/companies/register-filters';

describe('postcodeKeys', () => {
  it.each([
    ['EC1V 9HL', 'EC1V9HL', 'EC1V'],
    ['ec1v9hl', 'EC1V9HL', 'EC1V'],
    ['SW1A 1AA', 'SW1A1AA', 'SW1A'],
    ['SW1 1AA', 'SW11AA', 'SW1'],
    ['SW11 1AA', 'SW111AA', 'SW11'],
    ['B1 1AA', 'B11AA', 'B1'],
    [' m1  1ae ', 'M11AE', 'M1'],
  ])('%j → compact %j, outward %j', (postcode, compact, outward) => {
    expect(postcodeKeys(postcode)).toEqual({ compact, outward });
  });

  it('keeps an unparseable postcode compact, with no outward code', () => {
    expect(postcodeKeys('BFPO 123')).toEqual({ compact: 'BFPO123', outward: null });
  });

  it('has no keys for no postcode', () => {
    expect(postcodeKeys(null)).toEqual({ compact: null, outward: null });
    expect(postcodeKeys('  ')).toEqual({ compact: null, outward: null });
  });
});

describe('parsePostcodeFilter', () => {
  it.each([
    ['EC1V 9HL', { kind: 'full', outward: 'EC1V', compact: 'EC1V9HL' }],
    ['ec1v9hl', { kind: 'full', outward: 'EC1V', compact: 'EC1V9HL' }],
    ['EC1V', { kind: 'outward', outward: 'EC1V' }],
    [' ec1v ', { kind: 'outward', outward: 'EC1V' }],
    ['SW11', { kind: 'outward', outward: 'SW11' }],
    ['SW1 1', { kind: 'sector', outward: 'SW1', compactPrefix: 'SW11' }],
    ['EC1V 9', { kind: 'sector', outward: 'EC1V', compactPrefix: 'EC1V9' }],
    ['ec1v9', { kind: 'sector', outward: 'EC1V', compactPrefix: 'EC1V9' }],
  ])('%j → %j', (input, expected) => {
    expect(parsePostcodeFilter(input)).toEqual(expected);
  });

  it.each([[''], ['E'], ['LONDON'], ['12345'], ['EC1V 9H']])('refuses %j naming the argument', (input) => {
    let thrown: unknown;
    try {
      parsePostcodeFilter(input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    expect(thrown).toMatchObject({ code: 'invalid_argument', details: { argument: 'postcode' } });
  });
});

describe('nextPrefix', () => {
  it('is the smallest string above every string with the prefix', () => {
    expect(nextPrefix('ACME')).toBe('ACMF');
    expect(nextPrefix('ACME ')).toBe('ACME!');
    expect(nextPrefix('A9')).toBe('A:');
    const upper = nextPrefix('ACME');
    for (const name of ['ACME', 'ACME LIMITED', 'ACMEZZZ', 'ACME\u{10FFFD}']) expect(name < upper).toBe(true);
    expect('ACMF' < upper).toBe(false);
  });
});
