import { createHash } from 'node:crypto';
import type { ListedName, ListedParty } from '../../../src/domain/sanctions/matching/listed-party';
import type { ScreenedSubject } from '../../../src/domain/sanctions/matching/screened-subject';
import { foldSpelling } from '../../../src/domain/sanctions/matching/spelling-folding';
import { nameTokens } from '../../../src/domain/sanctions/matching/name-tokens';
import type { Difficulty, EvalCategory, EvalPair, PairSource } from '../eval-pair';
import { PrefilterIndex } from '../prefilter';

/*
 * Alias variants of a list in the UK layout. The forms of one designation's name (a primary name variation, the
 * name in its own script, an entity's acronym or its name with another legal form) name one party: screened
 * against the designation they are a true match. The same name against another designation of its kind that the
 * prefilter hands over (it shares a name word's key) is a non-match, unless that designation carries a name of the
 * same words (a namesake: no name matcher can tell those apart, dates of birth may). An "a.k.a." that is a wholly
 * other name (a kunya, a ship's former name) is left out: only the list entry itself can find it, not resemblance.
 *
 * The demo list is used (no real copy is committed); its variants are the kinds the real list publishes.
 */

const SOURCE: PairSource = {
  name: 'UK-layout list name variants (demo list)',
  where: 'src/demo/demo-sanctions-designations.ts (demo UK Sanctions List, seed 37, 600 designations)',
  licence: 'this repository',
  own: true,
};

const categoryOf = (party: ListedParty): EvalCategory =>
  party.type === 'individual' ? 'person' : party.type === 'ship' ? 'vessel' : 'entity';

const kindOf = (party: ListedParty) => (party.type === 'individual' ? 'person' : 'entity');

/** A stable order that does not follow the list's own (neighbours in the list share a regime and a style). */
const shuffleKey = (text: string) => createHash('sha256').update(text).digest('hex');

/** The words of a name in folded spelling, sorted: equal for namesakes and for spelling variants alike. */
const wordsOf = (text: string, kind: 'person' | 'entity') =>
  nameTokens(text, kind).map(foldSpelling).sort().join(' ');

/** What makes `name` a form of the designation's primary name, or null when it is another name altogether. */
function variantDifficulty(party: ListedParty, primary: ListedName, name: ListedName): Difficulty | null {
  if (name === primary) return null;
  if (name.kind === 'non_latin') return 'non_latin_script';
  if (party.type === 'individual') return name.kind === 'primary_variation' ? 'transliteration' : null;
  if (party.type === 'ship') return name.kind === 'primary_variation' ? 'numbers' : null;
  const stem = primary.text.split(' ').slice(0, -1);
  const initials = stem.map((word) => word[0]).join('');
  if (name.text === initials || name.text === `${initials} GROUP`) return 'acronym';
  if (name.text.startsWith(`${stem.join(' ')} `)) return 'legal_form';
  return null;
}

function subjectOf(party: ListedParty, name: string, withBirth: boolean): ScreenedSubject {
  const birth = party.birthDates.find((date) => date.year !== null);
  return {
    kind: kindOf(party),
    name,
    birth: withBirth && birth ? { year: birth.year!, month: birth.month } : null,
    nationality: null,
    countryOfResidence: null,
  };
}

export function listAliasPairs(parties: readonly ListedParty[], limitPerLabel: number): EvalPair[] {
  const index = new PrefilterIndex(parties);
  const positives: EvalPair[] = [];
  const negatives: EvalPair[] = [];
  const ordered = [...parties].sort((a, b) => shuffleKey(a.id).localeCompare(shuffleKey(b.id)));
  for (const party of ordered) {
    const primary = party.names.find((name) => name.kind === 'primary') ?? party.names[0]!;
    const category = categoryOf(party);
    party.names.forEach((name, i) => {
      const difficulty = variantDifficulty(party, primary, name);
      if (difficulty === null) return;
      const withBirth = i % 2 === 0 && party.type === 'individual';
      // A name in its own script is what the list holds; the register writes the Latin primary name.
      const subject =
        difficulty === 'non_latin_script'
          ? subjectOf(party, primary.text, withBirth)
          : subjectOf(party, name.text, withBirth);
      const listed =
        difficulty === 'non_latin_script' ? [name] : party.names.filter((other) => other !== name);
      positives.push({
        id: `variant-${party.id}-${i}`,
        expected: 'match',
        category,
        difficulty: [difficulty],
        note: `${name.kind} name "${name.text}" of ${party.id} as a form of its primary name`,
        source: SOURCE,
        subject,
        party: { ...party, names: listed },
      });
      const words = wordsOf(subject.name, subject.kind);
      const other = index
        .candidatesFor(subject.name, subject.kind)
        .filter(
          (candidate) =>
            candidate.id !== party.id &&
            candidate.type === party.type &&
            !candidate.names.some((n) => wordsOf(n.text, subject.kind) === words),
        )
        .sort((a, b) =>
          shuffleKey(`${party.id}:${a.id}`).localeCompare(shuffleKey(`${party.id}:${b.id}`)),
        )[0];
      if (other)
        negatives.push({
          id: `variant-${party.id}-${i}-not-${other.id}`,
          expected: 'no_match',
          category,
          difficulty: ['similar_name'],
          note: `a name of ${party.id} against ${other.id}, which shares a name word's key but no name`,
          source: SOURCE,
          subject,
          party: other,
        });
    });
  }
  return [...positives.slice(0, limitPerLabel), ...negatives.slice(0, limitPerLabel)];
}
