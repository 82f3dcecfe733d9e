/*
 * What people append to a company's name that is not its name: its registration number ("ACME LIMITED
 * (01234567)", "ACME LTD - COMPANY NO. SC123456") or its state ("ACME LTD (IN LIQUIDATION)"). Removed from
 * entity names before anything else, so the number never counts as a word that differs.
 */

/** Phrases removed wherever they occur (the text is upper case, accents folded). */
export const COMPANY_NUMBER_PHRASES: readonly RegExp[] = [
  /\b(?:COMPANY|CO|REG(?:ISTERED|ISTRATION)?|REGN|CRN)\.?\s*(?:NO|NUMBER|NUM|NR|N°|#)?\.?\s*:?\s*[A-Z]{0,2}\s?\d{5,8}\b/g,
  /\(\s*(?:NO\.?\s*)?[A-Z]{0,2}\d{5,8}\s*\)/g,
  /\(?\bIN\s+(?:LIQUIDATION|ADMINISTRATION|RECEIVERSHIP|ADMINISTRATIVE\s+RECEIVERSHIP)\b\)?/g,
  /\(\s*DISSOLVED\s*\)/g,
];

/** A whole word shaped like a Companies House number: 8 digits (or 6–7 with the leading zeros dropped), or two
 * letters (SC, NI, OC…) and 6 digits. */
export const COMPANY_NUMBER_WORD = /^(?:\d{6,8}|[A-Z]{2}\d{6})$/;
