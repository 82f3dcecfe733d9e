import { identifierKey } from '../identifiers/identifier';
import type { IndexedParty, ListedDesignationsIndex } from '../listed-designations-index';
import type { MatchOptions, MatchSettings } from '../matching/match-settings';
import { minPassingNameScore } from '../matching/match-subject';
import type { ScreeningSubject } from './screening-subjects';

/*
 * What one screened name is compared with in full, and with which options: the designations of its kind that
 * share a prefilter key with it and can still reach a passing name score from the words they share (the bound of
 * matching/candidate-bound.ts), plus those publishing one of its registry numbers (an identifier match needs no
 * name in common); and the list's own word weights. screen_sanctions and the benchmark both read it from here.
 */

/** The options a screen of this list version matches with: the caller's, and the list's word weights. */
export function listMatchOptions(
  index: ListedDesignationsIndex,
  options: MatchOptions | undefined,
): MatchOptions {
  return { ...options, wordWeights: index.statistics.wordWeights };
}

export function screeningCandidates(
  index: ListedDesignationsIndex,
  subject: Pick<ScreeningSubject, 'name' | 'kind' | 'identifiers'>,
  settings: MatchSettings,
): IndexedParty[] {
  const types = subject.kind === 'person' ? (['individual'] as const) : (['entity', 'ship'] as const);
  const nameScoreBound = { minNameScore: minPassingNameScore(settings), weights: settings.weights };
  const wanted = new Set<string>(types);
  const seen = new Set<string>();
  return [
    ...index.candidatesFor([subject.name], { types, nameScoreBound }),
    ...(subject.identifiers ?? [])
      .flatMap((identifier) => index.byIdentifier(identifierKey(identifier)))
      .filter((designation) => wanted.has(designation.type)),
  ]
    .filter((designation) => !seen.has(designation.unique_id) && !!seen.add(designation.unique_id))
    .map((designation) => index.partyOf(designation));
}
