import { wordsOfCode } from './natures-of-control';

/*
 * PSC statements: what a company (or a Scottish partnership, or an overseas entity about its beneficial owners)
 * has told the register when it cannot simply list its people with significant control. The codes are Companies
 * House's, spelling included ("signficant"); the words are ours. An unknown code is kept and described from its
 * own words.
 */

const NOTICE_IGNORED = 'was not complied with';

/** `who` is the person a statement names (linked_psc_name), when it names one. */
const STATEMENTS: Record<string, (who: string | null) => string> = {
  'no-individual-or-entity-with-signficant-control': () =>
    'the company knows or has reason to believe that no person or legal entity has significant control over it',
  'steps-to-find-psc-not-yet-completed': () =>
    'the company has not yet finished taking reasonable steps to find out whether anyone has significant control over it',
  'psc-exists-but-not-identified': () =>
    'the company believes someone has significant control over it but has not identified who',
  'psc-details-not-confirmed': () =>
    'the company has identified a person with significant control but has not yet confirmed all of their details',
  'psc-contacted-but-no-response': () =>
    `a notice the company gave to find out who has significant control over it (section 790D) ${NOTICE_IGNORED}`,
  'psc-has-failed-to-confirm-changed-details': (who) =>
    `${who ?? 'a person with significant control'} has not complied with the company’s notice to confirm changed details (section 790E)`,
  'restrictions-notice-issued-to-psc': () =>
    'the company has issued a restrictions notice (Schedule 1B), freezing an interest because information about it was not given',
  'no-individual-or-entity-with-signficant-control-partnership': () =>
    'the partnership knows or has reason to believe that no person or legal entity has significant control over it',
  'steps-to-find-psc-not-yet-completed-partnership': () =>
    'the partnership has not yet finished taking reasonable steps to find out whether anyone has significant control over it',
  'psc-exists-but-not-identified-partnership': () =>
    'the partnership believes someone has significant control over it but has not identified who',
  'psc-details-not-confirmed-partnership': () =>
    'the partnership has identified a person with significant control but has not yet confirmed all of their details',
  'psc-contacted-but-no-response-partnership': () =>
    `a notice the partnership gave to find out who has significant control over it ${NOTICE_IGNORED}`,
  'psc-has-failed-to-confirm-changed-details-partnership': (who) =>
    `${who ?? 'a person with significant control'} has not complied with the partnership’s notice to confirm changed details`,
  'restrictions-notice-issued-to-psc-partnership': () =>
    'the partnership has issued a restrictions notice, freezing an interest because information about it was not given',
  'all-beneficial-owners-identified': () =>
    'the overseas entity has identified all of its registrable beneficial owners and can give all the required information about them',
  'no-beneficial-owner-identified': () =>
    'the overseas entity has no registrable beneficial owner it could identify',
  'at-least-one-beneficial-owner-unidentified': () =>
    'the overseas entity has identified some, but not all, of its registrable beneficial owners',
  'information-not-provided-for-at-least-one-beneficial-owner': () =>
    'the overseas entity has identified all of its registrable beneficial owners but cannot give all the required information about at least one of them',
  'at-least-one-beneficial-owner-unidentified-and-information-not-provided-for-at-least-one-beneficial-owner':
    () =>
      'the overseas entity has not identified all of its registrable beneficial owners and cannot give all the required information about at least one it has identified',
  'somebody-has-become-or-ceased-to-be-a-beneficial-owner': () =>
    'someone became, or stopped being, a registrable beneficial owner of the overseas entity during the update period',
  'nobody-has-become-or-ceased-to-be-a-beneficial-owner': () =>
    'nobody became, or stopped being, a registrable beneficial owner of the overseas entity during the update period',
};

export const PSC_STATEMENTS: readonly string[] = Object.keys(STATEMENTS);

export function describePscStatement(code: string, linkedPscName: string | null = null): string {
  const words = STATEMENTS[code];
  return words
    ? words(linkedPscName)
    : `${wordsOfCode(code)} (a statement this service has no description for)`;
}
