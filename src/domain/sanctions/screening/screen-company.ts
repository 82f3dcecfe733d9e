import type { EntityManager } from '@mikro-orm/core';
import type { Deadline } from '../../deadline';
import type { IndexedParty } from '../listed-designations-index';
import { matchSubject } from '../matching/match-subject';
import { listMatchOptions, screeningCandidates } from './screening-candidates';
import {
  resolveMatchSettings,
  SANCTIONS_MATCHING_VERSION,
  type MatchOptions,
} from '../matching/match-settings';
import { currentSanctionsList, type ListedDesignation } from '../sanctions-list';
import {
  SANCTIONS_DISCLAIMER,
  type SanctionsMatchView,
  type SanctionsScreen,
} from './sanctions-screen-result';
import { companySubjects, type ScreeningSubject } from './screening-subjects';
import { screeningTurn } from './screening-turns';

export interface ScreenCompanyOptions {
  /** Also screen resigned officers and ceased PSCs. */
  includeResigned: boolean;
  now: Date;
  match?: MatchOptions;
  /** Checked between names and between slices of candidates; past it the screen stops with deadline_exceeded. */
  deadline?: Deadline;
}

/** Candidates compared between two turns of the event loop: other requests are answered while a screen runs. */
const COMPARISON_SLICE = 250;

/** matchSubject's order: best first, ties by the list's id. */
const bestFirst = (a: { score: number; party: IndexedParty }, b: { score: number; party: IndexedParty }) =>
  b.score - a.score || a.party.id.localeCompare(b.party.id);

function designationView(designation: ListedDesignation): SanctionsMatchView['designation'] {
  return {
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

const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;

/**
 * Screens a company's name, previous names, officers and PSCs against the current UK Sanctions List. Each name
 * is compared in full with every designation of its kind (people with individuals, entities with entities and
 * ships) that shares a name word with it or publishes its registry number; those reaching the threshold are
 * potential matches for review.
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
  );
  const list = await currentSanctionsList(em);
  const index = await (options.deadline?.notCounting(list.index()) ?? list.index());
  const settings = resolveMatchSettings(options.match);
  const match = index === null ? options.match : listMatchOptions(index, options.match);
  const screened: SanctionsScreen['screened'] = [];
  const matches: SanctionsMatchView[] = [];

  const screenOne = async (subject: ScreeningSubject) => {
    if (index === null) return { compared: 0, found: [] as SanctionsMatchView[] };
    // The index's parties, the same objects on every request: the matcher normalises their names once per version.
    const parties = screeningCandidates(index, subject, settings);
    const matched: ReturnType<typeof matchSubject<IndexedParty>> = [];
    for (let start = 0; start < parties.length; start += COMPARISON_SLICE) {
      if (start > 0) await options.deadline?.yieldThenCheck();
      matched.push(...matchSubject(subject, parties.slice(start, start + COMPARISON_SLICE), match));
    }
    const found = matched.sort(bestFirst).map((match): SanctionsMatchView => ({
      subject_id: subject.id,
      subject: { role: subject.role, kind: subject.kind, name: subject.name },
      score: match.score,
      threshold: match.threshold,
      designation: designationView(match.party.designation),
      explanation: match.explanation,
    }));
    return { compared: parties.length, found };
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

  const version = list.version;
  const summary =
    version === null
      ? `No sanctions list is loaded, so none of the ${plural(subjects.length, 'name')} was screened: ` +
        'import the UK Sanctions List first (npm run cli -- import sanctions FILE)'
      : `${plural(matches.length, 'potential match', 'potential matches')} for review among ${plural(subjects.length, 'name')} ` +
        `screened (${plural(subjects.filter((s) => s.kind === 'person').length, 'person', 'people')}, ` +
        `${plural(subjects.filter((s) => s.kind === 'entity').length, 'entity', 'entities')}) against the UK ` +
        'Sanctions List of ' +
        `${version.report_date ?? 'an unknown date'} (${version.designations.toLocaleString('en-GB')} designations)` +
        (unscreened.length > 0
          ? `; ${plural(unscreened.length, 'entry', 'entries')} could not be screened`
          : '');

  return {
    company_number: companyNumber,
    company_name: companyName,
    screened_at: options.now.toISOString(),
    list:
      version === null
        ? null
        : {
            name: 'UK Sanctions List',
            version_id: version.id,
            report_date: version.report_date,
            content_sha256: version.content_sha256,
            imported_at: version.imported_at,
            designations: version.designations,
          },
    method: {
      matching_version: SANCTIONS_MATCHING_VERSION,
      thresholds: settings.thresholds,
      include_resigned: options.includeResigned,
    },
    summary,
    screened,
    not_screened: unscreened,
    potential_matches: matches,
    disclaimer: SANCTIONS_DISCLAIMER,
  };
}
