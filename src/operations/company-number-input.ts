import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { COMPANY_NUMBER_PREFIXES } from '../domain/companies/company-number';
import { WHITESPACE_CLASS_BODY } from './whitespace-class';

/*
 * What normaliseCompanyNumber accepts, as one regular expression for the OpenAPI document and the MCP tool
 * schemas, so a client (or a fuzzer) knows exactly which numbers are well formed. It mirrors the normaliser
 * step by step; test/unit/openapi-company-number.test.ts holds the two together:
 * - String.prototype.trim removes white space (WHITESPACE_CLASS_BODY) at both ends;
 * - toUpperCase turns a letter's lower case into it, and also "ſ" (U+017F) into S and "ı" (U+0131) into I;
 * - a number of 1 to 8 ASCII digits is padded to 8, a prefixed one never is.
 * Written with [0-9] rather than \d, so that ECMAScript and Python read it the same way.
 */
const TRIMMED = `[${WHITESPACE_CLASS_BODY}]`;
const UPPER_CASE_SOURCES: Record<string, string> = { S: '\\u017f', I: '\\u0131' };

function caseInsensitive(character: string): string {
  const lower = character.toLowerCase();
  if (lower === character) return character;
  return `[${character}${lower}${UPPER_CASE_SOURCES[character] ?? ''}]`;
}

const prefixes = Object.keys(COMPANY_NUMBER_PREFIXES).map((prefix) =>
  [...prefix].map(caseInsensitive).join(''),
);

export const COMPANY_NUMBER_INPUT_PATTERN = `^${TRIMMED}*(?:[0-9]{1,8}|(?:${prefixes.join('|')})[0-9]{6})${TRIMMED}*$`;

/**
 * A company number argument as people type it, normalised to its stored form while the input is validated: a
 * malformed one is refused as `invalid_company_number` naming `argument`, before anything is charged. The
 * pattern is documentation only (zod would report it as a plain invalid_argument): the transform enforces it.
 */
export function companyNumberArgument(argument: string) {
  return z
    .string()
    .min(1)
    .max(20)
    .meta({ pattern: COMPANY_NUMBER_INPUT_PATTERN })
    .describe('8-character company number, e.g. 00445790 or SC123456 (leading zeros may be left off)')
    .transform((raw) => requireCompanyNumber(raw, argument));
}

/** The company_number argument of the per-company operations. */
export const companyNumberInput = companyNumberArgument('company_number');
