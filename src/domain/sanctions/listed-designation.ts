import type { MatchWeights } from './matching/match-settings';
import type { SubjectKind } from './matching/screened-subject';
import type { DesignationType, SanctionsDesignation } from './sanctions-designation';
import type { SanctionsListId } from './sanctions-lists';

/*
 * The shapes the list store hands out and is asked with, apart from the store itself so that its in-memory index
 * and the identifier keys can name them without importing the store (which imports them).
 */

/**
 * A designation on a list as screening reads it: the list it is on, the whole record, its primary name and
 * address countries.
 */
export type ListedDesignation = SanctionsDesignation & {
  list_id: SanctionsListId;
  primary_name: string;
  countries: string[];
};

export interface CandidateOptions {
  /** Only designations of these types (people against individuals, companies against entities). */
  types?: readonly DesignationType[];
  /**
   * Leave out designations whose shared keys cannot give the name score a pass needs (matching/candidate-bound.ts):
   * per kind, the threshold over the most the other features can multiply a name score by.
   */
  nameScoreBound?: { minNameScore: Record<SubjectKind, number>; weights: MatchWeights };
}
