import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { identifierKey } from '../identifiers/identifier';
import { buildListedDesignationsIndex, type ListedDesignationsIndex } from '../listed-designations-index';
import type { MatchExplanation } from '../matching/match-explanation';
import { matchSubject } from '../matching/match-subject';
import { resolveMatchSettings, type MatchOptions } from '../matching/match-settings';
import { designationView } from '../screening/screen-company';
import type { designationViewSchema } from '../screening/sanctions-screen-result';
import { listMatchOptions, screeningCandidates } from '../screening/screening-candidates';
import type { CompanySubjects, ScreeningSubject } from '../screening/screening-subjects';
import type { z } from 'zod';

/*
 * One company re-screened against one list version, as screen_sanctions screens it (the same subjects, the same
 * candidates from the list's whole index with its word weights, the same matcher), but kept to the designations
 * the version added or amended (`changed`), or every designation on a full re-screen (`changed` null). Comparing
 * with the whole index's candidates and then filtering keeps the scores exactly those screen_sanctions gives:
 * the word weights are the list's, not the few changed designations'.
 */

export interface FoundMatch {
  companyNumber: string;
  companyName: string;
  subject: Pick<ScreeningSubject, 'role' | 'kind' | 'name'>;
  /** SHA-256 of role, kind and name: the subject's part of the match's unique key. */
  subjectKey: string;
  score: number;
  threshold: number;
  designation: z.infer<typeof designationViewSchema>;
  explanation: MatchExplanation;
}

export function subjectKeyOf(subject: Pick<ScreeningSubject, 'role' | 'kind' | 'name'>): string {
  return createHash('sha256')
    .update(`${subject.role}\u0000${subject.kind}\u0000${subject.name}`)
    .digest('hex');
}

export interface RescreenTarget {
  index: ListedDesignationsIndex;
  /** Unique ids the version added or amended; null re-screens against every designation. */
  changed: ReadonlySet<string> | null;
  /**
   * An index of the changed designations alone (changedDesignationsIndex): a name sharing no key and no
   * registry number with any of them is passed over without looking it up in the whole list's index.
   */
  changedIndex?: ListedDesignationsIndex;
  match?: MatchOptions;
}

/** The index of the designations a version changed, built once per run step from the whole list's index. */
export async function changedDesignationsIndex(
  index: ListedDesignationsIndex,
  changed: ReadonlySet<string>,
): Promise<ListedDesignationsIndex> {
  const designations = index.parties
    .filter((party) => changed.has(party.designation.unique_id))
    .map((party) => party.designation);
  return buildListedDesignationsIndex(`${index.versionKey}:changed`, designations);
}

/** Whether a subject shares a name key or a registry number with any changed designation of its kind. */
function mayMatchChanged(changedIndex: ListedDesignationsIndex, subject: ScreeningSubject): boolean {
  const types = subject.kind === 'person' ? (['individual'] as const) : (['entity', 'ship'] as const);
  if (changedIndex.candidatesFor([subject.name], { types }).length > 0) return true;
  return (subject.identifiers ?? []).some(
    (identifier) => changedIndex.byIdentifier(identifierKey(identifier)).length > 0,
  );
}

/** One company's subjects (as companySubjects or batchCompanySubjects read them) against the target. */
export async function rescreenCompany(
  subjects: CompanySubjects,
  companyNumber: string,
  target: RescreenTarget,
): Promise<FoundMatch[]> {
  if (target.changed !== null && target.changed.size === 0) return [];
  const settings = resolveMatchSettings(target.match);
  const match = listMatchOptions(target.index, target.match);
  const found: FoundMatch[] = [];
  for (const subject of subjects.subjects) {
    if (target.changedIndex !== undefined && !mayMatchChanged(target.changedIndex, subject)) continue;
    const parties = screeningCandidates(target.index, subject, settings).filter(
      (party) => target.changed === null || target.changed.has(party.designation.unique_id),
    );
    if (parties.length === 0) continue;
    for (const matched of matchSubject(subject, parties, match)) {
      const screened = { role: subject.role, kind: subject.kind, name: subject.name };
      found.push({
        companyNumber,
        companyName: subjects.companyName,
        subject: screened,
        subjectKey: subjectKeyOf(screened),
        score: matched.score,
        threshold: matched.threshold,
        designation: designationView(matched.party.designation),
        explanation: matched.explanation,
      });
    }
    // A full re-screen compares many candidates per name: let the activity's heartbeats through.
    if (target.changed === null) await nextTurn();
  }
  return found;
}
