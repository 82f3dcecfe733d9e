import { elfCodesOf, legalFormKinds } from './elf-legal-forms';

/*
 * The legal forms two entity names carry, compared rather than thrown away: SIEMENS AG against SIEMENS
 * AKTIENGESELLSCHAFT is one form written two ways; GAZPROM OOO against GAZPROM PAO is a limited-liability company
 * against a joint-stock one, which weighs against the pair (often a subsidiary or a namesake). A name that gives
 * no form says nothing: the list and the register often leave it out. A generic form (COMPANY, INC, CORP) agrees
 * with any.
 */

export const legalFormRules = ['legal_form_agrees', 'legal_form_differs', 'legal_form_unknown'] as const;
export type LegalFormRule = (typeof legalFormRules)[number];

export interface LegalFormComparison {
  rule: LegalFormRule;
  subject: readonly string[];
  listed: readonly string[];
}

function formsAgree(a: string, b: string): boolean {
  if (a === b) return true;
  const kindsOfA = legalFormKinds(a);
  const kindsOfB = legalFormKinds(b);
  if (kindsOfA.has('generic') || kindsOfB.has('generic')) return true;
  for (const kind of kindsOfA) if (kindsOfB.has(kind)) return true;
  const codesOfB = elfCodesOf(b);
  for (const code of elfCodesOf(a)) if (codesOfB.has(code)) return true;
  // a form neither table can place (an ISO 20275 form with no short form we know) contradicts nothing
  return (kindsOfA.size === 0 && elfCodesOf(a).size === 0) || (kindsOfB.size === 0 && codesOfB.size === 0);
}

export function compareLegalForms(
  subject: readonly string[],
  listed: readonly string[],
): LegalFormComparison {
  if (subject.length === 0 || listed.length === 0) return { rule: 'legal_form_unknown', subject, listed };
  const agree = subject.some((a) => listed.some((b) => formsAgree(a, b)));
  return { rule: agree ? 'legal_form_agrees' : 'legal_form_differs', subject, listed };
}
