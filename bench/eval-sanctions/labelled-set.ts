import type { ListedParty } from '../../src/domain/sanctions/matching/listed-party';
import { evalPairSchema, type EvalPair } from './eval-pair';
import { hardCasePairs } from './sources/hard-cases';
import { listAliasPairs } from './sources/list-aliases';
import { projectPairs } from './sources/project-pairs';

/*
 * Every labelled pair of the evaluation, from every source, checked against the schema and for unique ids (the
 * split hashes ids: a duplicate would land both copies in one half).
 */

/** Pairs of each label the alias-variant source contributes. */
export const ALIAS_PAIRS_PER_LABEL = 150;

export function labelledSet(aliasListParties: readonly ListedParty[]): EvalPair[] {
  const pairs = [
    ...projectPairs(),
    ...hardCasePairs(),
    ...listAliasPairs(aliasListParties, ALIAS_PAIRS_PER_LABEL),
  ].map((pair) => evalPairSchema.parse(pair));
  const seen = new Set<string>();
  for (const pair of pairs) {
    if (seen.has(pair.id)) throw new Error(`duplicate labelled pair id ${pair.id}`);
    seen.add(pair.id);
  }
  return pairs;
}
