import type { ListedName, ListedParty } from '../../../src/domain/sanctions/matching/listed-party';
import { explainPair, matchSubject } from '../../../src/domain/sanctions/matching/match-subject';
import type { ScreenedSubject } from '../../../src/domain/sanctions/matching/screened-subject';

const party = (names: ListedName[]): ListedParty => ({
  id: 'SYR0100',
  type: 'individual',
  names,
  birthDates: [],
  nationalities: [],
  countries: [],
});
const person = (name: string): ScreenedSubject => ({
  kind: 'person',
  name,
  birth: null,
  nationality: null,
  countryOfResidence: null,
});
const sum = (comparison: { explanation: { contributions: { value: number }[] } }) =>
  Math.round(comparison.explanation.contributions.reduce((total, c) => total + c.value, 0) * 10_000) / 10_000;

const primary: ListedName = { text: 'Yusuf Ahmad AL-HADDAD', kind: 'primary' };

describe('alias quality', () => {
  it('counts a low-quality alias only when its words are the subject’s, in any order', () => {
    const weak = party([primary, { text: 'Marcus BELLWOOD', kind: 'alias', quality: 'low' }]);
    expect(matchSubject(person('Marcus BELLWOOD'), [weak])).toHaveLength(1);
    expect(matchSubject(person('BELLWOOD, Marcus'), [weak])).toHaveLength(1);
    // One letter off: a good-quality alias would match it, a low-quality one is not counted.
    const good = party([primary, { text: 'Marcus BELLWOOD', kind: 'alias', quality: 'good' }]);
    expect(matchSubject(person('Marcus BELWOOD'), [good])).toHaveLength(1);
    expect(matchSubject(person('Marcus BELWOOD'), [weak])).toEqual([]);
  });

  it('says which weak alias was left out when it would have been the best name', () => {
    const weak = party([primary, { text: 'Marcus BELLWOOD', kind: 'alias', quality: 'low' }]);
    const pair = explainPair(person('Marcus BELWOOD'), weak);
    expect(pair.passed).toBe(false);
    expect(pair.explanation.name!.listed.text).toBe(primary.text);
    expect(pair.explanation.name!.notCounted).toEqual([
      { text: 'Marcus BELLWOOD', rule: 'low_quality_alias', score: expect.any(Number) },
    ]);
    expect(pair.explanation.name!.notCounted![0]!.score).toBeGreaterThan(0.8);
    expect(pair.explanation.contributions[0]!.evidence).toContain(
      'low quality alias "Marcus BELLWOOD" not counted',
    );
    expect(pair.score).toBe(sum(pair));
  });

  it('treats a one-word alias of a person as weak, whatever the list says', () => {
    const oneWord = party([primary, { text: 'BELLWOOD', kind: 'alias' }]);
    expect(matchSubject(person('BELLWOOD'), [oneWord])).toHaveLength(1);
    const near = explainPair(person('BELWOOD'), oneWord);
    expect(near.passed).toBe(false);
    expect(near.explanation.name!.notCounted).toEqual([
      { text: 'BELLWOOD', rule: 'single_word_alias', score: expect.any(Number) },
    ]);
  });

  it('scores 0 on the name when every name is a weak alias not matched exactly', () => {
    const only = party([{ text: 'Marcus BELLWOOD', kind: 'primary', quality: 'low' }]);
    const pair = explainPair(person('Marcus BELWOOD'), only);
    expect(pair.score).toBe(0);
    expect(pair.score).toBe(sum(pair));
    expect(pair.explanation.name!.notCounted).toHaveLength(1);
  });
});
