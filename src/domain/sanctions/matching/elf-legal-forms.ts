import elfCodeList from './elf-legal-forms.json';
import { LEGAL_FORM_KINDS, LEGAL_FORMS, type LegalFormKind } from './legal-forms';

/*
 * The company forms of ISO 20275 (the Entity Legal Forms code list GLEIF publishes under CC0; built by
 * scripts/legal-forms/build-elf-legal-forms.mjs): each code with its names in its own language and its
 * abbreviations, normalised. They give the long names our own table lacks (AKTIENGESELLSCHAFT,
 * GESELLSCHAFT MIT BESCHRANKTER HAFTUNG, SOCIETATEA CU RASPUNDERE LIMITATA) and tie each to its short form.
 *
 * Only long forms are taken from it to be removed from names: a form of two words or more, or one word of at
 * least LONG_FORM_LETTERS letters. Its two- to four-letter abbreviations (BT, EU, SC, LG…) are also company names
 * and words of names; those the project's own table holds are already removed.
 */

const LONG_FORM_LETTERS = 5;
/** Long ISO 20275 forms that are also ordinary words of company names (STANDARD CHARTERED). */
const NOT_REMOVED = new Set(['CHARTERED']);

const codesOfForm = new Map<string, Set<string>>();
const formsOfCode = new Map<string, readonly string[]>();
for (const { code, forms } of elfCodeList.codes) {
  formsOfCode.set(code, forms);
  for (const form of forms) {
    const codes = codesOfForm.get(form) ?? new Set<string>();
    codes.add(code);
    codesOfForm.set(form, codes);
  }
}

const kindOfOwnForm = new Map<string, LegalFormKind>();
for (const [kind, forms] of Object.entries(LEGAL_FORM_KINDS) as [LegalFormKind, readonly string[]][])
  for (const form of forms) kindOfOwnForm.set(form.replaceAll('-', ' '), kind);

/** The ISO 20275 forms removed from names besides the project's own (see above). */
export const ELF_LONG_FORMS: readonly string[] = [...codesOfForm.keys()].filter(
  (form) =>
    !kindOfOwnForm.has(form) &&
    !NOT_REMOVED.has(form) &&
    (form.includes(' ') || form.length >= LONG_FORM_LETTERS),
);

/** The ISO 20275 codes a normalised form is a name or an abbreviation of (none for a form it does not hold). */
export function elfCodesOf(form: string): ReadonlySet<string> {
  return codesOfForm.get(form) ?? new Set();
}

/**
 * The kinds of company a form makes: its own (from legal-forms.ts) or, for a long form, those of the short forms
 * that share an ISO 20275 code with it (AKTIENGESELLSCHAFT shares Germany's code with AG: joint stock).
 */
export function legalFormKinds(form: string): ReadonlySet<LegalFormKind> {
  const own = kindOfOwnForm.get(form);
  if (own !== undefined) return new Set([own]);
  const kinds = new Set<LegalFormKind>();
  for (const code of elfCodesOf(form))
    for (const other of formsOfCode.get(code) ?? []) {
      const kind = kindOfOwnForm.get(other);
      if (kind !== undefined && kind !== 'generic') kinds.add(kind);
    }
  return kinds;
}

/** Every form a name's ends are searched for: the project's table and ISO 20275's long forms. */
export const ALL_LEGAL_FORMS: readonly string[] = [...new Set([...LEGAL_FORMS, ...ELF_LONG_FORMS])];
