import { compareBirthDates } from './compare-birth-dates';
import { compareNationality, compareResidence } from './compare-countries';
import { compareLegalForms } from './legal-form-comparison';
import { bestCountedName } from './alias-quality';
import { compareIdentifiers, identifierContribution } from './compare-identifiers';
import type { ListedName, ListedParty } from './listed-party';
import type { Contribution, MatchExplanation, NameMatch, PairComparison } from './match-explanation';
import {
  resolveMatchSettings,
  SANCTIONS_MATCHING_VERSION,
  type MatchOptions,
  type MatchSettings,
} from './match-settings';
import { normaliseName, type NormalisedName } from './normalise-name';
import type { ScreenedSubject, SubjectKind } from './screened-subject';

/*
 * Screening one subject against designations: every name of each designation of the same kind (people against
 * individuals; entities against entities and ships) is compared with the subject's name, the best-scoring name
 * stands for the designation, and the date of birth, nationality and country of residence adjust it:
 *
 *   score = name score × (name weight + date-of-birth + nationality + residence adjustments)
 *
 * each term reported as a contribution, so the contributions add up to the score. A registry number the subject
 * and the designation share adds what lifts the score to weights.identifier.match (an identifier match stands by
 * itself); numbers of one scheme that differ take a little away (compare-identifiers.ts). A weak alias counts
 * only on the same words (alias-quality.ts). Designations are expected to
 * be prefiltered (by nameTokenKeys); the matcher itself compares every name it is given.
 */

/** A designation's names, normalised once per designation object (the store may hand the same ones over again). */
const normalisedNames = new WeakMap<ListedParty, { name: ListedName; normalised: NormalisedName }[]>();

export function partyKind(party: Pick<ListedParty, 'type'>): SubjectKind {
  return party.type === 'individual' ? 'person' : 'entity';
}

function namesOf(party: ListedParty) {
  let names = normalisedNames.get(party);
  if (!names) {
    const kind = partyKind(party);
    names = party.names.map((name) => ({ name, normalised: normaliseName(name.text, kind) }));
    normalisedNames.set(party, names);
  }
  return names;
}

const DESIGNATION_ARTICLES = { individual: 'an individual', entity: 'an entity', ship: 'a ship' } as const;

const round = (value: number) => Math.round(value * 10_000) / 10_000;
/** Scores are rounded to four places: a pair this close under the threshold may round up to it. */
const SCORE_ROUNDING = 1e-4;

/** Potential matches of one subject: those at or above the threshold, best first (ties by the list's id). */
export function matchSubject<Party extends ListedParty>(
  subject: ScreenedSubject,
  parties: readonly Party[],
  options?: MatchOptions,
): (PairComparison & { passed: true; party: Party })[] {
  const settings = resolveMatchSettings(options);
  const subjectName = normaliseName(subject.name, subject.kind);
  const weightOfWord = wordWeightOf(options, subject.kind);
  const matches: (PairComparison & { passed: true; party: Party })[] = [];
  const bestMultiplier = highestMultiplier(settings);
  for (const party of parties) {
    if (partyKind(party) !== subject.kind) continue;
    const comparison = comparePair(subject, subjectName, party, settings, weightOfWord, bestMultiplier);
    if (comparison?.passed) matches.push({ ...comparison, passed: true });
  }
  return matches.sort((a, b) => b.score - a.score || a.party.id.localeCompare(b.party.id));
}

/** The whole comparison of one subject with one designation, whether or not it passes: for debugging and review. */
export function explainPair<Party extends ListedParty>(
  subject: ScreenedSubject,
  party: Party,
  options?: MatchOptions,
): PairComparison & { party: Party } {
  const settings = resolveMatchSettings(options);
  // without onlyIfItCanPass the comparison is always written out
  return comparePair(
    subject,
    normaliseName(subject.name, subject.kind),
    party,
    settings,
    wordWeightOf(options, subject.kind),
  )!;
}

/**
 * The most the features can multiply a name score by: the name weight and every positive adjustment. A pair
 * whose name score times this stays under the threshold cannot pass (an identifier match aside), so screening
 * stops there rather than writing out an explanation nobody will read.
 */
export function highestMultiplier({ weights }: MatchSettings): number {
  return (
    weights.name +
    Math.max(0, ...Object.values(weights.dateOfBirth)) +
    Math.max(0, weights.nationality.agrees) +
    Math.max(0, weights.residence.agrees)
  );
}

/** Per kind, the least name score that can still pass: the threshold over the highest multiplier (rounding aside). */
export function minPassingNameScore(settings: MatchSettings): Record<SubjectKind, number> {
  const multiplier = highestMultiplier(settings);
  return {
    person: settings.thresholds.person / multiplier - SCORE_ROUNDING,
    entity: settings.thresholds.entity / multiplier - SCORE_ROUNDING,
  };
}

function wordWeightOf(options: MatchOptions | undefined, kind: SubjectKind): (word: string) => number {
  const weights = options?.wordWeights?.[kind];
  if (!weights || weights.size === 0) return () => 1;
  return (word) => weights.get(word) ?? 1;
}

/** The comparison; with `onlyIfItCanPass` (the highest multiplier), null as soon as the pair cannot pass. */
function comparePair<Party extends ListedParty>(
  subject: ScreenedSubject,
  subjectName: NormalisedName,
  party: Party,
  settings: MatchSettings,
  weightOfWord: (word: string) => number,
  onlyIfItCanPass?: number,
): (PairComparison & { party: Party }) | null {
  const threshold = settings.thresholds[subject.kind];
  const base = { modelVersion: SANCTIONS_MATCHING_VERSION, subjectKind: subject.kind, partyType: party.type };
  if (partyKind(party) !== subject.kind) {
    const explanation: MatchExplanation = {
      ...base,
      name: null,
      birthDate: null,
      contributions: [
        {
          feature: 'name',
          rule: 'kind_mismatch',
          weight: 0,
          value: 0,
          evidence: `${subject.kind === 'person' ? 'a person' : 'an entity'} is never compared with ${DESIGNATION_ARTICLES[party.type]}`,
        },
      ],
    };
    return { score: 0, threshold, passed: false, explanation, party };
  }

  const { weights } = settings;
  const names = namesOf(party);
  const { name, normalised, comparison, notCounted } = bestCountedName(
    subjectName,
    names,
    subject.kind,
    party.type,
    weights,
    weightOfWord,
  );
  const nameScore = comparison.score;
  if (
    onlyIfItCanPass !== undefined &&
    nameScore * onlyIfItCanPass < threshold - SCORE_ROUNDING &&
    compareIdentifiers(subject.identifiers, party.identifiers, weights)?.rule !== 'identifier_match'
  )
    return null;

  const contributions: Contribution[] = [
    {
      feature: 'name',
      rule: 'name',
      weight: weights.name,
      value: round(nameScore * weights.name),
      evidence:
        `name score ${round(nameScore)}: "${subject.name}" against ${name.kind} name "${name.text}"` +
        notCounted
          .map((weak) => `; ${weak.rule.replaceAll('_', ' ')} "${weak.text}" not counted: not the same words`)
          .join(''),
    },
  ];
  let listedBirthDate = null;
  if (subject.kind === 'person') {
    const dob = compareBirthDates(subject.birth, party.birthDates, weights.dateOfBirth);
    listedBirthDate = dob.listed;
    contributions.push({
      feature: 'date_of_birth',
      rule: dob.rule,
      weight: dob.adjustment,
      value: round(nameScore * dob.adjustment),
      evidence: `subject ${formatSubjectBirth(subject.birth)}; listed ${
        dob.listed ? formatListedBirth(dob.listed) : formatListedBirths(party.birthDates)
      }`,
    });
    const nationality = compareNationality(subject.nationality, party.nationalities, weights.nationality);
    contributions.push({
      feature: 'nationality',
      rule: nationality.rule,
      weight: nationality.adjustment,
      value: round(nameScore * nationality.adjustment),
      evidence: `subject ${formatList(nationality.subject)}; listed ${formatList(nationality.listed)}`,
    });
  }
  if (subject.kind === 'entity') {
    const forms = compareLegalForms(subjectName.legalForms, normalised.legalForms);
    const adjustment = forms.rule === 'legal_form_differs' ? weights.legalForm.differs : 0;
    contributions.push({
      feature: 'legal_form',
      rule: forms.rule,
      weight: adjustment,
      value: round(nameScore * adjustment),
      evidence: `subject ${formatList(forms.subject)}; listed ${formatList(forms.listed)}`,
    });
  }
  const residence = compareResidence(subject.countryOfResidence, party.countries, weights.residence);
  contributions.push({
    feature: 'residence',
    rule: residence.rule,
    weight: residence.adjustment,
    value: round(nameScore * residence.adjustment),
    evidence: `subject ${formatList(residence.subject)}; listed ${formatList(residence.listed)}`,
  });

  const identifier = identifierContribution(
    subject.identifiers,
    party.identifiers,
    nameScore,
    round(contributions.reduce((sum, c) => sum + c.value, 0)),
    weights,
  );
  if (identifier !== null) contributions.push(identifier);

  const score = Math.min(1, Math.max(0, round(contributions.reduce((sum, c) => sum + c.value, 0))));
  const nameMatch: NameMatch = {
    subject: { text: subject.name, tokens: subjectName.tokens, ignored: subjectName.ignored },
    listed: { text: name.text, kind: name.kind, tokens: normalised.tokens, ignored: normalised.ignored },
    pairs: comparison.pairs.map((pair) => ({
      subject: pair.subject,
      listed: pair.listed,
      method: pair.method,
      similarity: round(pair.similarity),
      credit: round(pair.credit),
      weight: round(pair.weight),
    })),
    commonWords: Object.fromEntries(
      [...new Set([...subjectName.tokens, ...normalised.tokens])]
        .map((word) => [word, round(weightOfWord(word))] as const)
        .filter(([, weight]) => weight < 1),
    ),
    unmatchedSubjectTokens: comparison.unmatchedSubject,
    unmatchedListedTokens: comparison.unmatchedListed,
    creditSum: round(comparison.creditSum),
    divisor: round(comparison.divisor),
    score: round(nameScore),
    namesCompared: names.length,
    ...(notCounted.length > 0
      ? { notCounted: notCounted.map((weak) => ({ ...weak, score: round(weak.score) })) }
      : {}),
  };
  const explanation: MatchExplanation = {
    ...base,
    name: nameMatch,
    birthDate: subject.kind === 'person' ? { listed: listedBirthDate } : null,
    contributions,
  };
  return { score, threshold, passed: score >= threshold, explanation, party };
}

function formatSubjectBirth(birth: ScreenedSubject['birth']): string {
  if (!birth) return 'unknown';
  return birth.month === null ? `${birth.year}` : `${birth.year}-${String(birth.month).padStart(2, '0')}`;
}

function formatListedBirth(date: ListedParty['birthDates'][number]): string {
  return [date.year ?? '????', date.month, date.day]
    .filter((part) => part !== null)
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
}

function formatListedBirths(dates: ListedParty['birthDates']): string {
  const known = dates.filter((date) => date.year !== null);
  return known.length === 0 ? 'unknown' : known.map(formatListedBirth).join(', ');
}

function formatList(values: readonly string[]): string {
  return values.length === 0 ? 'unknown' : values.join(', ');
}
