import {
  NATURES_OF_CONTROL,
  describeNatureOfControl,
  isDescribedNatureOfControl,
} from '../../../src/domain/pscs/natures-of-control';
import { PSC_STATEMENTS, describePscStatement } from '../../../src/domain/pscs/psc-statements';

describe('natures of control in plain English', () => {
  it('knows every code Companies House publishes, and each reads differently', () => {
    expect(NATURES_OF_CONTROL).toHaveLength(86);
    expect(new Set(NATURES_OF_CONTROL).size).toBe(NATURES_OF_CONTROL.length);
    for (const code of NATURES_OF_CONTROL)
      expect({ code, known: isDescribedNatureOfControl(code) }).toEqual({ code, known: true });
    const texts = NATURES_OF_CONTROL.map(describeNatureOfControl);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it.each([
    ['ownership-of-shares-75-to-100-percent', 'holds 75% or more of the shares in the company'],
    [
      'ownership-of-shares-25-to-50-percent',
      'holds more than 25% but not more than 50% of the shares in the company',
    ],
    [
      'voting-rights-50-to-75-percent-as-trust',
      'holds more than 50% but less than 75% of the voting rights in the company, as a trustee of a trust',
    ],
    [
      'right-to-appoint-and-remove-directors-as-firm',
      'has the right to appoint or remove a majority of the directors of the company, as a member of a firm that is not a legal person',
    ],
    [
      'significant-influence-or-control',
      'has the right to exercise, or exercises, significant influence or control over the company',
    ],
    [
      'right-to-share-surplus-assets-25-to-50-percent-limited-liability-partnership',
      'has the right to more than 25% but not more than 50% of the surplus assets of the LLP on a winding up',
    ],
    [
      'right-to-appoint-and-remove-members-as-trust-limited-liability-partnership',
      'has the right to appoint or remove a majority of the members of the LLP, as a trustee of a trust',
    ],
    [
      'ownership-of-shares-more-than-25-percent-as-control-over-firm-registered-overseas-entity',
      'holds more than 25% of the shares in the overseas entity, through control over a firm',
    ],
    [
      'registered-owner-as-nominee-another-entity-scotland-registered-overseas-entity',
      'is the registered owner of land in Scotland as a nominee for another entity',
    ],
    [
      'part-right-to-share-surplus-assets-75-to-100-percent',
      'has the right to share in 75% or more of the surplus assets of the partnership on a winding up',
    ],
  ])('%s', (code, text) => {
    expect(describeNatureOfControl(code)).toBe(text);
  });

  it('keeps an unknown code and describes it from its words', () => {
    expect(isDescribedNatureOfControl('ownership-of-shares-10-to-20-percent')).toBe(false);
    expect(describeNatureOfControl('ownership-of-shares-10-to-20-percent')).toBe(
      'ownership of shares 10 to 20 percent (a nature of control this service has no description for)',
    );
    // A banded right without its band is not a code we know either.
    expect(isDescribedNatureOfControl('ownership-of-shares')).toBe(false);
    expect(isDescribedNatureOfControl('significant-influence-or-control-25-to-50-percent')).toBe(false);
  });
});

describe('PSC statements in plain English', () => {
  it('describes every statement code, with Companies House’s spelling', () => {
    expect(PSC_STATEMENTS).toContain('no-individual-or-entity-with-signficant-control');
    for (const code of PSC_STATEMENTS) expect(describePscStatement(code)).not.toMatch(/no description/);
    expect(describePscStatement('no-individual-or-entity-with-signficant-control')).toBe(
      'the company knows or has reason to believe that no person or legal entity has significant control over it',
    );
    expect(describePscStatement('steps-to-find-psc-not-yet-completed-partnership')).toMatch(
      /^the partnership /,
    );
  });

  it('names the person a statement is about', () => {
    expect(describePscStatement('psc-has-failed-to-confirm-changed-details', 'JANE DOE')).toMatch(
      /^JANE DOE has not complied/,
    );
    expect(describePscStatement('psc-has-failed-to-confirm-changed-details')).toMatch(
      /^a person with significant control has not complied/,
    );
  });

  it('keeps an unknown statement and describes it from its words', () => {
    expect(describePscStatement('brand-new-statement')).toBe(
      'brand new statement (a statement this service has no description for)',
    );
  });
});
