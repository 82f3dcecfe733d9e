import { z } from 'zod';

/**
 * Two-letter prefixes Companies House puts before a six-digit serial. Sources: Companies House's URI customer
 * guide (prefixes with data), its list of registers holding only name and number (IP, SP, IC, SI, NP, NV, RC, SR,
 * NR, NO), prefixes seen on live registers but missing from that guide (CE, CS, SG, RS), the UK establishment
 * number (BR, since October 2009) and the Register of Overseas Entities (OE).
 *
 * Left out on purpose: PC and IS (no Companies House source found for them) and "RO" with a letter O, which is a
 * misreading of R0 (zero): pre-partition Northern Ireland companies.
 *
 * `register` says which register the number belongs to, so a CSV row (which has no jurisdiction column) can be
 * given one. Overseas companies and UK establishments (FC, SF, NF, BR) carry no UK jurisdiction: null.
 */
export const COMPANY_NUMBER_PREFIXES = {
  AC: { register: 'england-wales', description: 'Assurance company' },
  BR: { register: null, description: 'UK establishment of an overseas company' },
  CE: { register: 'england-wales', description: 'Charitable incorporated organisation' },
  FC: { register: null, description: 'Overseas company' },
  GE: { register: 'england-wales', description: 'European Economic Interest Grouping' },
  IC: { register: 'england-wales', description: 'Investment company with variable capital' },
  IP: { register: 'england-wales', description: 'Industrial and provident society' },
  LP: { register: 'england-wales', description: 'Limited partnership' },
  OC: { register: 'england-wales', description: 'Limited liability partnership' },
  OE: { register: 'united-kingdom', description: 'Overseas entity' },
  RC: { register: 'england-wales', description: 'Royal charter company' },
  RS: { register: 'england-wales', description: 'Registered society' },
  SE: { register: 'england-wales', description: 'European company (Societas Europaea)' },
  ZC: { register: 'england-wales', description: 'Unregistered company' },
  CS: { register: 'scotland', description: 'Scottish charitable incorporated organisation' },
  ES: { register: 'scotland', description: 'European company (Societas Europaea), Scotland' },
  GS: { register: 'scotland', description: 'European Economic Interest Grouping, Scotland' },
  SA: { register: 'scotland', description: 'Assurance company, Scotland' },
  SC: { register: 'scotland', description: 'Scottish company' },
  SF: { register: null, description: 'Overseas company registered in Scotland before October 2009' },
  SG: { register: 'scotland', description: 'Scottish qualifying partnership' },
  SI: { register: 'scotland', description: 'Investment company with variable capital, Scotland' },
  SL: { register: 'scotland', description: 'Limited partnership, Scotland' },
  SO: { register: 'scotland', description: 'Limited liability partnership, Scotland' },
  SP: { register: 'scotland', description: 'Industrial and provident society, Scotland' },
  SR: { register: 'scotland', description: 'Royal charter company, Scotland' },
  SZ: { register: 'scotland', description: 'Unregistered company, Scotland' },
  EN: { register: 'northern-ireland', description: 'European company (Societas Europaea), Northern Ireland' },
  GN: { register: 'northern-ireland', description: 'European Economic Interest Grouping, Northern Ireland' },
  NA: { register: 'northern-ireland', description: 'Assurance company, Northern Ireland' },
  NC: { register: 'northern-ireland', description: 'Limited liability partnership, Northern Ireland' },
  NF: { register: null, description: 'Overseas company registered in Northern Ireland before October 2009' },
  NI: { register: 'northern-ireland', description: 'Northern Ireland company' },
  NL: { register: 'northern-ireland', description: 'Limited partnership, Northern Ireland' },
  NO: { register: 'northern-ireland', description: 'Credit union or industrial and provident society, NI' },
  NP: { register: 'northern-ireland', description: 'Industrial and provident society, Northern Ireland' },
  NR: { register: 'northern-ireland', description: 'Royal charter company, Northern Ireland' },
  NV: { register: 'northern-ireland', description: 'Investment company with variable capital, NI' },
  NZ: { register: 'northern-ireland', description: 'Unregistered company, Northern Ireland' },
  R0: { register: 'northern-ireland', description: 'Northern Ireland company registered before partition' },
} as const satisfies Record<string, { register: CompanyRegister | null; description: string }>;

export type CompanyRegister = 'england-wales' | 'scotland' | 'northern-ireland' | 'united-kingdom';
export type CompanyNumberPrefix = keyof typeof COMPANY_NUMBER_PREFIXES;

export const COMPANY_NUMBER_PATTERN = new RegExp(
  `^(?:\\d{8}|(?:${Object.keys(COMPANY_NUMBER_PREFIXES).join('|')})\\d{6})$`,
);

/** A company number in its canonical stored form: exactly 8 characters, upper case. */
export const companyNumberSchema = z
  .string()
  .regex(COMPANY_NUMBER_PATTERN, 'must be 8 characters: 8 digits, or a Companies House prefix and 6 digits');

export const INVALID_COMPANY_NUMBER = 'invalid_company_number';

export type CompanyNumberResult =
  { ok: true; companyNumber: string } | { ok: false; code: typeof INVALID_COMPANY_NUMBER; message: string };

const DIGITS = /^\d+$/;

/**
 * Accepts what people type: case and surrounding space do not matter, and a purely numeric number may have lost
 * its leading zeros (spreadsheets strip them; Companies House pads them back, "123456" is "00123456"). A prefixed
 * number is never padded: "SC1234" is ambiguous enough to refuse.
 */
export function normaliseCompanyNumber(input: string): CompanyNumberResult {
  let candidate = input.trim().toUpperCase();
  if (candidate.length > 0 && candidate.length < 8 && DIGITS.test(candidate))
    candidate = candidate.padStart(8, '0');
  if (COMPANY_NUMBER_PATTERN.test(candidate)) return { ok: true, companyNumber: candidate };
  return {
    ok: false,
    code: INVALID_COMPANY_NUMBER,
    message: `"${input}" is not a company number: expected 8 characters, either 8 digits or a two-letter prefix such as SC, NI or OC followed by 6 digits`,
  };
}

/** For operation inputs: normalises, and reports a bad number as a zod issue naming the argument. */
export const companyNumberInputSchema = z.string().transform((value, ctx) => {
  const result = normaliseCompanyNumber(value);
  if (result.ok) return result.companyNumber;
  ctx.addIssue({ code: 'custom', message: result.message, params: { code: INVALID_COMPANY_NUMBER } });
  return z.NEVER;
});

/** The register a canonical company number belongs to; plain 8-digit numbers are England and Wales. */
export function registerOfCompanyNumber(companyNumber: string): CompanyRegister | null {
  const first = companyNumber.charCodeAt(0);
  if (first >= 48 && first <= 57) return 'england-wales';
  const prefix = companyNumber.slice(0, 2);
  return prefix in COMPANY_NUMBER_PREFIXES
    ? COMPANY_NUMBER_PREFIXES[prefix as CompanyNumberPrefix].register
    : null;
}

/**
 * Base-36 reading of a canonical company number: unique, below 2^53, and stable, unlike SQLite rowids. The
 * register's full-text rows are keyed by it, which lets search compare full-text matches with companies without
 * reading either table's content.
 */
export function companyNumberKey(companyNumber: string): number {
  return parseInt(companyNumber, 36);
}
