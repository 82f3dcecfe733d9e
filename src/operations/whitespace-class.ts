/**
 * The characters ECMAScript's `\s` and String.prototype.trim treat as white space (WhiteSpace and LineTerminator),
 * spelled out for the body of a regular-expression character class. Patterns published in the OpenAPI document
 * use it instead of `\s`, which Python's `re` (schemathesis, many clients) reads as a different set.
 */
export const WHITESPACE_CLASS_BODY =
  '\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
