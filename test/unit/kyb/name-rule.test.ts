import { nameRule } from '../../../src/domain/kyb/rules/name-rule';
import {
  compareNames,
  levenshteinSimilarity,
  NAME_CLOSE_MATCH_THRESHOLD,
} from '../../../src/domain/kyb/stated-name';
import { facts, withProfile } from './kyb-facts-fixture';

const check = (statedName: string) => nameRule.apply(facts({ statedName })).reasons;

describe('compareNames', () => {
  it('is the same name after the register’s normalisation (case, LTD/LIMITED, punctuation, &, THE)', () => {
    for (const stated of [
      'acorn leaf consulting limited',
      'Acorn-Leaf Consulting Ltd.',
      'The Acorn Leaf Consulting LTD',
    ]) {
      expect(compareNames(stated, 'ACORN LEAF CONSULTING LTD', levenshteinSimilarity)).toMatchObject({
        same: true,
        legalFormOmitted: false,
        similarity: 1,
      });
    }
  });

  it('takes a stated name without a legal form as the registered one without its legal form', () => {
    expect(
      compareNames('Acorn Leaf Consulting', 'ACORN LEAF CONSULTING LTD', levenshteinSimilarity),
    ).toMatchObject({ same: true, legalFormOmitted: true });
  });

  it('does not take another legal form as the same name', () => {
    const comparison = compareNames(
      'Acorn Leaf Consulting LLP',
      'ACORN LEAF CONSULTING LTD',
      levenshteinSimilarity,
    );
    expect(comparison.same).toBe(false);
    expect(comparison.similarity).toBeLessThan(1);
  });

  it('gives the library’s similarity of the normalised names, to 4 places', () => {
    const comparison = compareNames(
      'Acorn Leaf Consultancy Ltd',
      'ACORN LEAF CONSULTING LTD',
      levenshteinSimilarity,
    );
    expect(comparison).toMatchObject({
      same: false,
      statedNormalised: 'ACORN LEAF CONSULTANCY LIMITED',
      registeredNormalised: 'ACORN LEAF CONSULTING LIMITED',
      similarity: 0.9,
    });
    expect(compareNames('Blue Ltd', 'RED LIMITED', levenshteinSimilarity).similarity).toBe(0.6667);
  });

  it('uses the similarity it is given', () => {
    expect(compareNames('Acme', 'Zenith', () => 0.123456).similarity).toBe(0.1235);
  });
});

describe('name rule', () => {
  it('passes the registered name, noting a legal form left off', () => {
    expect(check('ACORN LEAF CONSULTING LIMITED')).toEqual([
      expect.objectContaining({
        code: 'name_exact',
        outcome: 'pass',
        evidence: expect.objectContaining({ legal_form_omitted: false }),
      }),
    ]);
    expect(check('Acorn Leaf Consulting')[0]).toMatchObject({
      code: 'name_exact',
      evidence: { legal_form_omitted: true },
    });
  });

  it('refers a close name with its similarity and the threshold', () => {
    const [reason] = check('Acorn Leaf Consultancy Ltd');
    expect(reason).toMatchObject({
      code: 'name_close_match',
      outcome: 'refer',
      evidence: {
        stated_name: 'Acorn Leaf Consultancy Ltd',
        registered_name: 'ACORN LEAF CONSULTING LTD',
        similarity: 0.9,
        threshold: NAME_CLOSE_MATCH_THRESHOLD,
      },
    });
    expect(reason!.detail).toContain('similarity 0.9');
  });

  it('refers a previous name with its dates', () => {
    const [reason] = check('Acorn Leaf Solutions Limited');
    expect(reason).toMatchObject({
      code: 'name_previous_name',
      outcome: 'refer',
      evidence: {
        previous_name: {
          name: 'ACORN LEAF SOLUTIONS LTD',
          effective_from: '2017-01-20',
          ceased_on: '2019-04-03',
        },
        current_name: 'ACORN LEAF CONSULTING LTD',
        similarity: 1,
      },
    });
    expect(reason!.detail).toBe(
      'The stated name is ACORN LEAF SOLUTIONS LTD, the company’s name from 2017-01-20 to 2019-04-03; it is now ACORN LEAF CONSULTING LTD.',
    );
  });

  it('refers a name close to a previous name rather than failing it', () => {
    const [reason] = check('Acorn IT Service Ltd');
    expect(reason).toMatchObject({
      code: 'name_previous_name',
      evidence: { previous_name: { name: 'ACORN IT SERVICES LTD' } },
    });
    expect((reason!.evidence as { similarity: number }).similarity).toBeLessThan(1);
  });

  it('fails a name unlike any of the company’s, with the best similarity and each name compared', () => {
    const [reason] = check('Highland Timber Supplies Ltd');
    expect(reason).toMatchObject({ code: 'name_mismatch', outcome: 'fail', evidence: { threshold: 0.85 } });
    const evidence = reason!.evidence as {
      best_similarity: number;
      previous_names_compared: { name: string }[];
    };
    expect(evidence.best_similarity).toBeLessThan(NAME_CLOSE_MATCH_THRESHOLD);
    expect(evidence.previous_names_compared.map((name) => name.name)).toEqual([
      'ACORN LEAF SOLUTIONS LTD',
      'ACORN IT SERVICES LTD',
    ]);
  });

  it('fails just under the threshold and refers at it', () => {
    const at = (score: number) =>
      nameRule.apply(
        withProfile(
          { previous_company_names: [] },
          { statedName: 'Other Name Ltd', similarity: () => score },
        ),
      ).reasons[0]!.code;
    expect(at(NAME_CLOSE_MATCH_THRESHOLD)).toBe('name_close_match');
    expect(at(NAME_CLOSE_MATCH_THRESHOLD - 0.0001)).toBe('name_mismatch');
  });
});
