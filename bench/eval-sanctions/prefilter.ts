import { CandidateIndex, type PassingBound } from '../../src/domain/sanctions/matching/candidate-index';
import type { ListedParty } from '../../src/domain/sanctions/matching/listed-party';
import { resolveMatchSettings, type MatchOptions } from '../../src/domain/sanctions/matching/match-settings';
import { minPassingNameScore, partyKind } from '../../src/domain/sanctions/matching/match-subject';
import type { SubjectKind } from '../../src/domain/sanctions/matching/screened-subject';
import { NO_WORD_WEIGHTS } from '../../src/domain/sanctions/matching/word-weights';

/*
 * The list store's prefilter in memory: the same index (CandidateIndex: the keys of each listed name, read as its
 * designation's kind) and the same rule (a designation is a candidate when it shares a key with the screened name
 * and its shared words can reach the name score a pass needs, under the thresholds and word weights screening
 * uses), without a database.
 */

/** The bound screen_sanctions applies (screen-company.ts), for these match options. */
export function passingBound(options: MatchOptions): PassingBound {
  const settings = resolveMatchSettings(options);
  return {
    minNameScore: minPassingNameScore(settings),
    weights: settings.weights,
    wordWeights: options.wordWeights ?? NO_WORD_WEIGHTS,
  };
}

export class PrefilterIndex {
  private readonly byKind = {
    person: new CandidateIndex<ListedParty>(),
    entity: new CandidateIndex<ListedParty>(),
  };
  private readonly bound: PassingBound | undefined;

  /** Without `options`, every designation sharing a key (how the labelled set picks near namesakes). */
  constructor(parties: readonly ListedParty[], options?: MatchOptions) {
    this.bound = options && passingBound(options);
    for (const party of parties)
      this.byKind[partyKind(party)].add(
        party,
        party.names.map((name) => name.text),
        partyKind(party),
      );
  }

  /** Designations of the subject's kind the prefilter hands over (people: individuals; else entities, ships). */
  candidatesFor(name: string, kind: SubjectKind): ListedParty[] {
    return [...this.byKind[kind].candidates(name, kind, this.bound)];
  }
}

/** Whether the prefilter hands this designation to the matcher for this name. */
export function prefilterKeeps(
  name: string,
  kind: SubjectKind,
  party: ListedParty,
  options: MatchOptions,
): boolean {
  return new PrefilterIndex([party], options).candidatesFor(name, kind).length > 0;
}
