import type { EntityManager } from '@mikro-orm/core';
import type { Deadline } from '../../deadline';
import type { IndexedParty, ListedDesignationsIndex } from '../listed-designations-index';
import { matchSubject } from '../matching/match-subject';
import { listMatchOptions, screeningCandidates } from './screening-candidates';
import {
  resolveMatchSettings,
  SANCTIONS_MATCHING_VERSION,
  type MatchOptions,
} from '../matching/match-settings';
import { currentSanctionsLists, type HeldSanctionsList, type ListedDesignation } from '../sanctions-list';
import { SANCTIONS_LISTS, sanctionsListIds, type SanctionsListId } from '../sanctions-lists';
import {
  SANCTIONS_DISCLAIMER,
  type SanctionsMatchView,
  type SanctionsScreen,
  type ScreenedList,
  type UnscreenedList,
} from './sanctions-screen-result';
import { groupSameDesignations } from './same-designation';
import { companySubjects, type ExtraSubject, type ScreeningSubject } from './screening-subjects';
import { screeningTurn } from './screening-turns';

export interface ScreenCompanyOptions {
  /** Also screen resigned officers and ceased PSCs. */
  includeResigned: boolean;
  now: Date;
  match?: MatchOptions;
  /** The lists the account screens against (its choice); default every list held. */
  lists?: readonly SanctionsListId[];
  /** Checked between names and between slices of candidates; past it the screen stops with deadline_exceeded. */
  deadline?: Deadline;
  /** Screened after the company's own subjects: the owners a KYB check's ownership trace reached. */
  owners?: readonly ExtraSubject[];
}

/** Candidates compared between two turns of the event loop: other requests are answered while a screen runs. */
const COMPARISON_SLICE = 250;

/** matchSubject's order: best first, ties by the list's order then its id. */
const bestFirst = (a: ListMatch, b: ListMatch) =>
  b.score - a.score ||
  sanctionsListIds.indexOf(a.party.designation.list_id) -
    sanctionsListIds.indexOf(b.party.designation.list_id) ||
  a.party.id.localeCompare(b.party.id);

type ListMatch = ReturnType<typeof matchSubject<IndexedParty>>[number] & { versionId: number };

export function designationView(designation: ListedDesignation): SanctionsMatchView['designation'] {
  return {
    list: designation.list_id,
    unique_id: designation.unique_id,
    type: designation.type,
    primary_name: designation.primary_name,
    names: designation.names.map((name) => ({
      name: name.name,
      name_type: name.name_type,
      non_latin: name.non_latin,
    })),
    regimes: designation.regimes,
    date_designated: designation.date_designated,
    last_updated: designation.last_updated,
    birth_dates: designation.birth_dates,
    nationalities: designation.nationalities,
    countries: designation.countries,
  };
}

function listingView(match: ListMatch): SanctionsMatchView['listings'][number] {
  const designation = match.party.designation;
  return {
    list: designation.list_id,
    list_name: SANCTIONS_LISTS[designation.list_id].name,
    list_version_id: match.versionId,
    unique_id: designation.unique_id,
    regimes: designation.regimes,
    date_designated: designation.date_designated,
    score: match.score,
  };
}

const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;

/** A held list ready to screen: its version, its index and the options its word weights give. */
interface ScreenableList {
  held: HeldSanctionsList;
  index: ListedDesignationsIndex;
  match: MatchOptions;
}

/**
 * Screens a company's name, previous names, officers and PSCs against the current version of every sanctions
 * list held (or those the account chose). Each name is compared in full with every designation of its kind
 * (people with individuals, entities with entities and ships) that shares a name word with it or publishes its
 * registry number, list by list; those reaching the threshold are potential matches for review, and records of
 * one designation on several lists are one match naming each list.
 */
export async function screenCompanySanctions(
  em: EntityManager,
  companyNumber: string,
  options: ScreenCompanyOptions,
): Promise<SanctionsScreen> {
  const { companyName, subjects, unscreened } = await companySubjects(
    em,
    companyNumber,
    options.includeResigned,
    options.owners,
  );
  const chosen = options.lists ?? sanctionsListIds;
  const held = await currentSanctionsLists(em, chosen);
  const settings = resolveMatchSettings(options.match);
  const lists: ScreenableList[] = [];
  for (const list of held) {
    const index = await (options.deadline?.notCounting(list.index()) ?? list.index());
    lists.push({ held: list, index, match: listMatchOptions(index, options.match) });
  }
  const screened: SanctionsScreen['screened'] = [];
  const matches: SanctionsMatchView[] = [];

  const screenOne = async (subject: ScreeningSubject) => {
    let compared = 0;
    const matched: ListMatch[] = [];
    for (const { held, index, match } of lists) {
      // The index's parties, the same objects on every request: the matcher normalises their names once per version.
      const parties = screeningCandidates(index, subject, settings);
      compared += parties.length;
      for (let start = 0; start < parties.length; start += COMPARISON_SLICE) {
        if (start > 0) await options.deadline?.yieldThenCheck();
        for (const found of matchSubject(subject, parties.slice(start, start + COMPARISON_SLICE), match))
          matched.push({ ...found, versionId: held.version.id });
      }
    }
    const found = groupSameDesignations(matched.sort(bestFirst), (m) => m.party.designation).map(
      ([best, ...others]): SanctionsMatchView => ({
        subject_id: subject.id,
        subject: {
          role: subject.role,
          kind: subject.kind,
          name: subject.name,
          ...(subject.detail.path == null ? {} : { path: subject.detail.path }),
        },
        score: best!.score,
        threshold: best!.threshold,
        designation: designationView(best!.party.designation),
        listings: [best!, ...others].map(listingView),
        explanation: best!.explanation,
      }),
    );
    return { compared, found };
  };

  const endTurn = await screeningTurn(options.deadline);
  try {
    for (const subject of subjects) {
      await options.deadline?.yieldThenCheck();
      const { compared, found } = await screenOne(subject);
      matches.push(...found);
      screened.push({
        subject_id: subject.id,
        role: subject.role,
        kind: subject.kind,
        name: subject.name,
        birth: subject.birth,
        nationality: subject.nationality,
        country_of_residence: subject.countryOfResidence,
        detail: subject.detail,
        identifiers: subject.identifiers ?? [],
        candidates_compared: compared,
        potential_matches: found.length,
      });
    }
  } finally {
    endTurn();
  }
  matches.sort((a, b) => b.score - a.score || a.subject_id.localeCompare(b.subject_id, 'en'));

  const screenedLists: ScreenedList[] = held.map(({ list, version }) => ({
    list,
    name: SANCTIONS_LISTS[list].name,
    version_id: version.id,
    published_on: version.published_on,
    content_sha256: version.content_sha256,
    imported_at: version.imported_at,
    designations: version.designations,
  }));
  const heldIds = new Set(held.map(({ list }) => list));
  const chosenIds = new Set(chosen);
  const notScreened: UnscreenedList[] = sanctionsListIds
    .filter((list) => !heldIds.has(list))
    .map((list) => ({
      list,
      name: SANCTIONS_LISTS[list].name,
      reason: chosenIds.has(list) ? ('not_held' as const) : ('not_chosen' as const),
    }));

  return {
    company_number: companyNumber,
    company_name: companyName,
    screened_at: options.now.toISOString(),
    lists: screenedLists,
    lists_not_screened: notScreened,
    method: {
      matching_version: SANCTIONS_MATCHING_VERSION,
      thresholds: settings.thresholds,
      include_resigned: options.includeResigned,
    },
    summary: screenSummary(subjects, matches.length, screenedLists, notScreened, unscreened.length),
    screened,
    not_screened: unscreened,
    potential_matches: matches,
    disclaimer: SANCTIONS_DISCLAIMER,
  };
}

function screenSummary(
  subjects: readonly ScreeningSubject[],
  matches: number,
  lists: readonly ScreenedList[],
  notScreened: readonly UnscreenedList[],
  unscreenedEntries: number,
): string {
  const missing =
    notScreened.length === 0
      ? ''
      : `; not screened against ${notScreened
          .map(({ name, reason }) => `the ${name} (${reason === 'not_held' ? 'not held' : 'not chosen'})`)
          .join(', ')}`;
  if (lists.length === 0)
    return (
      `No sanctions list is held or chosen, so none of the ${plural(subjects.length, 'name')} was screened` +
      missing +
      ': import a list first (npm run cli -- import sanctions FILE)'
    );
  const against = lists
    .map(
      ({ name, published_on, designations }) =>
        `the ${name} of ${published_on ?? 'an undated publication'} (${designations.toLocaleString('en-GB')} designations)`,
    )
    .join(', ');
  return (
    `${plural(matches, 'potential match', 'potential matches')} for review among ${plural(subjects.length, 'name')} ` +
    `screened (${plural(subjects.filter((s) => s.kind === 'person').length, 'person', 'people')}, ` +
    `${plural(subjects.filter((s) => s.kind === 'entity').length, 'entity', 'entities')}) against ${against}` +
    missing +
    (unscreenedEntries > 0 ? `; ${plural(unscreenedEntries, 'entry', 'entries')} could not be screened` : '')
  );
}
