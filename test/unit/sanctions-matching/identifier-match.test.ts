import type { ListedParty } from '../../../src/domain/sanctions/matching/listed-party';
import { pairComparisonSchema } from '../../../src/domain/sanctions/matching/match-explanation';
import {
  DEFAULT_MATCH_WEIGHTS,
  resolveMatchSettings,
} from '../../../src/domain/sanctions/matching/match-settings';
import { explainPair, matchSubject } from '../../../src/domain/sanctions/matching/match-subject';
import type { ScreenedSubject } from '../../../src/domain/sanctions/matching/screened-subject';

const listed = (names: string[], identifiers: ListedParty['identifiers']): ListedParty => ({
  id: 'RUS0100',
  type: 'entity',
  names: names.map((text, i) => ({ text, kind: i === 0 ? 'primary' : 'alias' })),
  birthDates: [],
  nationalities: [],
  countries: ['Russia'],
  identifiers,
});
const company = (name: string, number: string, asWritten = number): ScreenedSubject => ({
  kind: 'entity',
  name,
  birth: null,
  nationality: null,
  countryOfResidence: null,
  identifiers: [{ scheme: 'gb-coh', value: number, as_written: asWritten }],
});
const sum = (comparison: { explanation: { contributions: { value: number }[] } }) =>
  Math.round(comparison.explanation.contributions.reduce((total, c) => total + c.value, 0) * 10_000) / 10_000;

const VOSTOK = listed(
  ['KRASNY VOSTOK HOLDING LLC'],
  [{ scheme: 'gb-coh', value: '01234567', as_written: 'Company number 1234567' }],
);

describe('identifiers as evidence', () => {
  it('matches a company whose number the designation lists, whatever its name, shown as an identifier match', () => {
    const [match] = matchSubject(company('QUIET MEADOW BAKERY LTD', '01234567'), [VOSTOK]);
    expect(match).toBeDefined();
    expect(match!.score).toBe(DEFAULT_MATCH_WEIGHTS.identifier.match);
    expect(match!.score).toBe(sum(match!));
    const identifier = match!.explanation.contributions.find((c) => c.feature === 'identifier');
    expect(identifier).toMatchObject({ rule: 'identifier_match', weight: 1 });
    expect(identifier!.evidence).toContain('Companies House number 01234567 ("01234567")');
    expect(identifier!.evidence).toContain('"Company number 1234567"');
    // The name contribution still says how little the names agree.
    expect(match!.explanation.contributions[0]!.value).toBeLessThan(0.5);
    expect(pairComparisonSchema.parse(match)).toBeTruthy();
  });

  it('needs the same scheme and number: another number or another scheme is not a match', () => {
    expect(matchSubject(company('QUIET MEADOW BAKERY LTD', '01234568'), [VOSTOK])).toEqual([]);
    const inn = listed(
      ['KRASNY VOSTOK HOLDING LLC'],
      [{ scheme: 'ru-inn', value: '01234567', as_written: 'x' }],
    );
    expect(matchSubject(company('QUIET MEADOW BAKERY LTD', '01234567'), [inn])).toEqual([]);
  });

  it('weighs a different number of the same scheme against a name that agrees, still summing to the score', () => {
    const same = explainPair(company('KRASNY VOSTOK HOLDING LLC', '01234567'), VOSTOK);
    const other = explainPair(company('KRASNY VOSTOK HOLDING LLC', '07654321'), VOSTOK);
    const unknown = explainPair(
      { ...company('KRASNY VOSTOK HOLDING LLC', '07654321'), identifiers: [] },
      VOSTOK,
    );
    expect(same.score).toBe(1);
    expect(other.explanation.contributions.at(-1)).toMatchObject({
      feature: 'identifier',
      rule: 'identifier_differs',
      weight: DEFAULT_MATCH_WEIGHTS.identifier.differs,
    });
    expect(other.score).toBeLessThan(unknown.score);
    expect(other.score).toBe(sum(other));
    // Nothing on one side: identifiers neither add nor take away, and no contribution is shown.
    expect(unknown.explanation.contributions.some((c) => c.feature === 'identifier')).toBe(false);
  });

  it('refuses settings where an identifier match would not reach a threshold', () => {
    expect(() =>
      resolveMatchSettings({
        weights: { ...DEFAULT_MATCH_WEIGHTS, identifier: { match: 0.5, differs: -0.1 } },
      }),
    ).toThrow(/identifier match must reach every threshold/);
  });
});
