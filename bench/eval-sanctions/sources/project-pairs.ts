import { loadLabelledPairs } from '../../../test/fixtures/sanctions-matching/labelled-pairs';
import type { Difficulty, EvalPair, PairSource } from '../eval-pair';

/*
 * The 164 pairs the matcher was first written against (issue 12): real designations' names against register
 * forms, written by the project. Reused as own hard cases; each keeps its id with a prefix.
 */

const SOURCE: PairSource = {
  name: 'project labelled pairs (issue 12)',
  where: 'test/fixtures/sanctions-matching/labelled-pairs.json',
  licence: 'this repository',
  own: true,
};

/** The fixture's own categories, read as the evaluation's kinds of difficulty. */
const DIFFICULTY: Record<string, Difficulty> = {
  transliteration: 'transliteration',
  similar_company: 'similar_name',
  company_suffix: 'legal_form',
  shared_surname: 'similar_name',
  dob_differs: 'date_of_birth',
  nicknames: 'nickname',
  missing_middle_names: 'missing_words',
  word_order: 'word_order',
  initials: 'initials',
  honorifics: 'honorific',
  typo: 'typo',
  person_vs_entity: 'kind_mismatch',
  concatenated: 'glued_words',
  dob_agrees: 'date_of_birth',
  dob_off_by_one: 'date_of_birth',
  similar_names: 'similar_name',
  dob_unknown: 'date_of_birth',
};

export function projectPairs(): EvalPair[] {
  return loadLabelledPairs().map((pair) => ({
    id: `project-${pair.id}`,
    expected: pair.expected,
    category: pair.party.type === 'ship' ? 'vessel' : pair.party.type === 'entity' ? 'entity' : 'person',
    difficulty: [DIFFICULTY[pair.category] ?? 'plain'],
    note: pair.note,
    source: SOURCE,
    subject: pair.subject,
    party: pair.party,
  }));
}
