import type { ListedParty } from '../../../src/domain/sanctions/matching/listed-party';
import { pairComparisonSchema } from '../../../src/domain/sanctions/matching/match-explanation';
import {
  DEFAULT_MATCH_THRESHOLDS,
  DEFAULT_MATCH_WEIGHTS,
  SANCTIONS_MATCHING_VERSION,
} from '../../../src/domain/sanctions/matching/match-settings';
import { explainPair, matchSubject } from '../../../src/domain/sanctions/matching/match-subject';
import type { ScreenedSubject } from '../../../src/domain/sanctions/matching/screened-subject';

const party = (id: string, names: string[], extra: Partial<ListedParty> = {}): ListedParty => ({
  id,
  type: 'individual',
  names: names.map((text, i) => ({ text, kind: i === 0 ? 'primary' : 'alias' })),
  birthDates: [],
  nationalities: [],
  countries: [],
  ...extra,
});
const person = (name: string, extra: Partial<ScreenedSubject> = {}): ScreenedSubject => ({
  kind: 'person',
  name,
  birth: null,
  nationality: null,
  countryOfResidence: null,
  ...extra,
});

const putin = party('RUS0001', ['Vladimir Vladimirovich PUTIN', 'Vladimir PUTIN'], {
  birthDates: [{ year: 1952, month: 10, day: 7 }],
  nationalities: ['Russia'],
  countries: ['Russia'],
});

describe('matchSubject', () => {
  const list = [
    party('GBR0001', ['John SMITH']),
    party('GBR0002', ['John William SMITH']),
    party('GBR0003', ['Jane SMITH']),
    party('ENT0001', ['JOHN SMITH'], { type: 'entity' }),
    putin,
  ];

  it('returns the potential matches above the threshold, best first, each with its designation', () => {
    const matches = matchSubject(person('SMITH, John'), list);
    expect(matches.map((match) => match.party.id)).toEqual(['GBR0001', 'GBR0002']);
    expect(matches[0]!.score).toBeGreaterThan(matches[1]!.score);
    expect(matches[0]!.party).toBe(list[0]);
    for (const match of matches) {
      expect(match.passed).toBe(true);
      expect(match.threshold).toBe(DEFAULT_MATCH_THRESHOLDS.person);
      expect(match.score).toBeGreaterThanOrEqual(match.threshold);
      expect(pairComparisonSchema.parse(match)).toBeTruthy();
    }
  });

  it('never compares a person with an entity, nor an entity with a person', () => {
    expect(matchSubject(person('John SMITH'), list).some((match) => match.party.type !== 'individual')).toBe(
      false,
    );
    const company: ScreenedSubject = { ...person('JOHN SMITH'), kind: 'entity' };
    expect(matchSubject(company, list).map((match) => match.party.id)).toEqual(['ENT0001']);
  });

  it('compares entities with ships', () => {
    const ship = party('SHP0001', ['OCEAN VOYAGER'], { type: 'ship' });
    const company: ScreenedSubject = { ...person('OCEAN VOYAGER'), kind: 'entity' };
    expect(matchSubject(company, [ship]).map((match) => match.party.id)).toEqual(['SHP0001']);
  });

  it('uses a threshold from the options, per kind of subject', () => {
    const strict = matchSubject(person('SMITH, John'), list, { thresholds: { person: 0.84 } });
    expect(strict.map((match) => match.party.id)).toEqual(['GBR0001']);
    expect(strict[0]!.threshold).toBe(0.84);
    const loose = matchSubject(person('SMITH, John'), list, { thresholds: { person: 0.4 } });
    expect(loose.map((match) => match.party.id)).toContain('GBR0003');
  });

  it('refuses weights that could push a score outside 0..1', () => {
    const weights = { ...DEFAULT_MATCH_WEIGHTS, name: 0.95 };
    expect(() => matchSubject(person('John SMITH'), list, { weights })).toThrow(/at most 1/);
  });

  it('returns nothing for an empty candidate list', () => {
    expect(matchSubject(person('John SMITH'), [])).toEqual([]);
  });
});

describe('explainPair', () => {
  it('says which listed name matched which subject name, word by word', () => {
    const result = explainPair(person('PUTIN, Vladimir', { birth: { year: 1952, month: 10 } }), putin);
    const name = result.explanation.name!;
    expect(name.subject).toEqual({ text: 'PUTIN, Vladimir', tokens: ['VLADIMIR', 'PUTIN'], ignored: [] });
    // The alias without the patronymic agrees exactly, so it stands for the designation.
    expect(name.listed).toMatchObject({ text: 'Vladimir PUTIN', kind: 'alias' });
    expect(name.pairs).toEqual([
      { subject: 'VLADIMIR', listed: 'VLADIMIR', method: 'exact', similarity: 1, credit: 1, weight: 1 },
      { subject: 'PUTIN', listed: 'PUTIN', method: 'exact', similarity: 1, credit: 1, weight: 1 },
    ]);
    expect(name.namesCompared).toBe(2);
    expect(name.score).toBe(1);
    expect(result.explanation.modelVersion).toBe(SANCTIONS_MATCHING_VERSION);
    expect(result.explanation.birthDate).toEqual({ listed: { year: 1952, month: 10, day: 7 } });
  });

  it("reports each feature's contribution, and the contributions add up to the score", () => {
    const result = explainPair(
      person('Vladimir PUTIN', {
        birth: { year: 1952, month: 10 },
        nationality: 'Russian',
        countryOfResidence: 'England',
      }),
      party('RUS0001', ['Vladimir Vladimirovich PUTIN'], putin),
    );
    const byFeature = Object.fromEntries(result.explanation.contributions.map((c) => [c.feature, c]));
    const nameScore = result.explanation.name!.score;
    expect(byFeature.name).toMatchObject({ rule: 'name', weight: DEFAULT_MATCH_WEIGHTS.name });
    expect(byFeature.date_of_birth).toMatchObject({ rule: 'dob_same_month_and_year' });
    expect(byFeature.nationality).toMatchObject({ rule: 'nationality_agrees' });
    expect(byFeature.residence).toMatchObject({ rule: 'residence_differs' });
    for (const contribution of result.explanation.contributions)
      expect(contribution.value).toBeCloseTo(contribution.weight * nameScore, 4);
    const sum = result.explanation.contributions.reduce((total, c) => total + c.value, 0);
    expect(result.score).toBeCloseTo(sum, 10);
    expect(byFeature.date_of_birth!.evidence).toBe('subject 1952-10; listed 1952-10-07');
  });

  it('lets a different year of birth pull an exact name below the threshold', () => {
    const sameYear = explainPair(
      person('Ivan SOKOLOV', { birth: { year: 1970, month: 8 } }),
      party('A', ['Ivan SOKOLOV'], { birthDates: [{ year: 1970, month: 8, day: 15 }] }),
    );
    const otherYear = explainPair(
      person('Ivan SOKOLOV', { birth: { year: 1990, month: 8 } }),
      party('A', ['Ivan SOKOLOV'], { birthDates: [{ year: 1970, month: 8, day: 15 }] }),
    );
    expect(sameYear.passed).toBe(true);
    expect(otherYear.passed).toBe(false);
    expect(
      otherYear.explanation.contributions.find((c) => c.feature === 'date_of_birth')!.value,
    ).toBeLessThan(0);
  });

  it('never lets the other features make a match of names that do not agree', () => {
    const result = explainPair(
      person('Ali HASSAN', {
        birth: { year: 1970, month: 1 },
        nationality: 'Syrian',
        countryOfResidence: 'Syria',
      }),
      party('S', ['Omar FAROUK'], {
        birthDates: [{ year: 1970, month: 1, day: 1 }],
        nationalities: ['Syria'],
        countries: ['Syria'],
      }),
    );
    expect(result.score).toBe(0);
    expect(result.passed).toBe(false);
  });

  it('explains why a person and an entity were not compared', () => {
    const result = explainPair(person('ROSNEFT'), party('E', ['ROSNEFT'], { type: 'entity' }));
    expect(result).toMatchObject({ score: 0, passed: false });
    expect(result.explanation.name).toBeNull();
    expect(result.explanation.contributions).toEqual([
      expect.objectContaining({
        feature: 'name',
        rule: 'kind_mismatch',
        value: 0,
        evidence: 'a person is never compared with an entity',
      }),
    ]);
    const ship = explainPair(person('ELENA VARNA'), party('S', ['ELENA VARNA'], { type: 'ship' }));
    expect(ship.explanation.contributions[0]!.evidence).toBe('a person is never compared with a ship');
  });

  it('leaves out date of birth and nationality for entities', () => {
    const company: ScreenedSubject = {
      ...person('GAZPROM PJSC'),
      kind: 'entity',
      countryOfResidence: 'Russia',
    };
    const result = explainPair(
      company,
      party('E', ['PAO GAZPROM'], { type: 'entity', countries: ['Russia'] }),
    );
    expect(result.explanation.contributions.map((c) => c.feature)).toEqual([
      'name',
      'legal_form',
      'residence',
    ]);
    expect(result.explanation.contributions[1]).toMatchObject({
      rule: 'legal_form_agrees',
      value: 0,
      evidence: 'subject PJSC; listed PAO',
    });
    expect(result.explanation.name!.listed.ignored).toEqual(['PAO']);
    expect(result.passed).toBe(true);
  });
});
