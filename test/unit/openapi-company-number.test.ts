import { ServiceError } from '../../src/domain/errors';
import { COMPANY_NUMBER_PREFIXES, normaliseCompanyNumber } from '../../src/domain/companies/company-number';
import {
  COMPANY_NUMBER_INPUT_PATTERN,
  companyNumberArgument,
  companyNumberInput,
} from '../../src/operations/company-number-input';

// The company number pattern the OpenAPI document and the MCP tool schemas publish must accept exactly what the
// normaliser accepts: a looser one lets clients (and fuzzers) send numbers that are refused, a stricter one hides
// numbers that work.

const pattern = new RegExp(COMPANY_NUMBER_INPUT_PATTERN);
const agree = (input: string) => pattern.test(input) === normaliseCompanyNumber(input).ok;
const disagreements = (inputs: Iterable<string>) => [...inputs].filter((input) => !agree(input));

function* codePoints(last = 0x10ffff): Generator<string> {
  for (let point = 0; point <= last; point++) {
    if (point < 0xd800 || point > 0xdfff) yield String.fromCodePoint(point);
  }
}

/** Characters the normaliser treats specially: white space it trims, and those whose upper case is ASCII. */
const special = (character: string) => character.trim() === '' || /^[A-Z0-9]+$/.test(character.toUpperCase());

describe('the documented company number pattern', () => {
  it.each([
    '00445790',
    '445790',
    '1',
    ' sc123456 ',
    '\u3000SC123456\ufeff',
    'ſc123456',
    'nı012345',
    'R0000123',
    'r0000123',
    '',
    ' ',
    '123456789',
    'SC12345',
    'RO123456',
    'SC 123456',
    '１２３４５６７８',
    'SC123456\u0000',
    'SC123456\u180e',
  ])('agrees with the normaliser on %j', (input) => {
    expect(agree(input)).toBe(true);
  });

  it('has every special character in the Basic Multilingual Plane, so trying those is enough', () => {
    expect([...codePoints()].filter((c) => c.codePointAt(0)! > 0xffff && special(c))).toEqual([]);
  });

  it('agrees on every character around a number (what trimming removes)', () => {
    const around = function* () {
      for (const character of codePoints(0xffff)) yield `${character}SC123456${character}`;
    };
    expect(disagreements(around())).toEqual([]);
  });

  it('agrees on every character in place of a digit or of a prefix letter', () => {
    const replaced = function* () {
      for (const character of codePoints(0xffff)) {
        for (const at of [0, 1, 2, 7]) yield `SC123456`.slice(0, at) + character + `SC123456`.slice(at + 1);
        yield `1234567${character}`;
      }
    };
    expect(disagreements(replaced())).toEqual([]);
  });

  it('agrees for every prefix, whatever character upper-cases to its letters', () => {
    const upperCasesToAscii = [...codePoints(0xffff)].filter(
      (c) => /^[A-Z]$/.test(c.toUpperCase()) && !/^[A-Za-z]$/.test(c),
    );
    const prefixed = function* () {
      for (const prefix of Object.keys(COMPANY_NUMBER_PREFIXES)) {
        yield `${prefix}123456`;
        yield `${prefix.toLowerCase()}123456`;
        yield `${prefix}12345`;
        for (const character of upperCasesToAscii) {
          yield `${character}${prefix[1]}123456`;
          yield `${prefix[0]}${character}123456`;
        }
      }
    };
    expect(upperCasesToAscii.length).toBeGreaterThan(0);
    expect(disagreements(prefixed())).toEqual([]);
  });

  it('agrees on many random strings of the characters that matter', () => {
    const alphabet = [...'0123456789SCNIROEZscniroez ſı\t\u00a0\u3000-/.X\u0000'];
    let seed = 1234567;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const strings = function* () {
      for (let i = 0; i < 50_000; i++) {
        const length = Math.floor(random() * 12);
        yield Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      }
    };
    expect(disagreements(strings())).toEqual([]);
  });
});

describe('companyNumberArgument', () => {
  it('normalises a number while the input is validated', () => {
    expect(companyNumberInput.parse(' sc123456 ')).toBe('SC123456');
    expect(companyNumberInput.parse('445790')).toBe('00445790');
  });

  it('refuses a malformed one as invalid_company_number naming the argument', () => {
    let thrown: unknown;
    try {
      companyNumberArgument('company_numbers').parse('XX123456');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    expect(thrown).toMatchObject({
      code: 'invalid_company_number',
      details: { argument: 'company_numbers', company_number: 'XX123456' },
    });
  });

  it('leaves an empty or over-long one to zod (invalid_argument)', () => {
    expect(companyNumberInput.safeParse('').success).toBe(false);
    expect(companyNumberInput.safeParse('1'.repeat(21)).success).toBe(false);
  });
});
