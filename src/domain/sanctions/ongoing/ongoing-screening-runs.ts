import type { EntityManager } from '@mikro-orm/core';
import { knexOf } from '../../companies/register-sql';
import { SANCTIONS_MATCHING_VERSION } from '../matching/match-settings';
import { countMonitoredCompanies } from './monitored-companies';

/*
 * One re-screen per list version (ongoing_screening_runs): what it compares (the designations the version added
 * or amended, or all of them when the matcher changed since the list's last re-screen, or when there was none),
 * how far it got (the cursor moves with each batch's matches, in one transaction) and what it found. The row is
 * the authority a retried activity resumes from; the workflow only shows it.
 */

export interface OngoingScreeningRun {
  versionId: number;
  list: string;
  matchingVersion: string;
  fullRescreen: boolean;
  /** Designations compared: those added or amended, or every current one on a full re-screen. */
  designations: number;
  companiesTotal: number;
  companiesDone: number;
  matchesFound: number;
  cursor: string | null;
  startedAt: string;
  completedAt: string | null;
}

interface RunRow {
  version_id: number;
  sanctions_list: string;
  matching_version: string;
  full_rescreen: boolean | number;
  designations: number;
  companies_total: number;
  companies_done: number;
  matches_found: number;
  cursor: string | null;
  started_at: Date | string | number;
  completed_at: Date | string | number | null;
}

const iso = (value: Date | string | number) => new Date(value).toISOString();

function runOf(row: RunRow): OngoingScreeningRun {
  return {
    versionId: Number(row.version_id),
    list: row.sanctions_list,
    matchingVersion: row.matching_version,
    fullRescreen: Boolean(row.full_rescreen),
    designations: Number(row.designations),
    companiesTotal: Number(row.companies_total),
    companiesDone: Number(row.companies_done),
    matchesFound: Number(row.matches_found),
    cursor: row.cursor,
    startedAt: iso(row.started_at),
    completedAt: row.completed_at === null ? null : iso(row.completed_at),
  };
}

export async function findRun(em: EntityManager, versionId: number): Promise<OngoingScreeningRun | null> {
  const row = (await knexOf(em)('ongoing_screening_runs').where({ version_id: versionId }).first()) as
    RunRow | undefined;
  return row === undefined ? null : runOf(row);
}

/** The list a version belongs to; null for a version id the store does not hold. */
export async function listOfVersion(
  em: EntityManager,
  versionId: number,
): Promise<{ list: string; designations: number } | null> {
  const row = (await knexOf(em)('sanctions_list_versions').where({ id: versionId }).first()) as
    { list_id: string; designations: number } | undefined;
  return row === undefined ? null : { list: row.list_id, designations: Number(row.designations) };
}

/**
 * What changed on the list since it was last re-screened, up to this version: the unique ids added or amended (to
 * compare) and removed (to delist), each by its latest change. Usually this version's own changes; when versions
 * came in between without a re-screen of their own (imported from the CLI), theirs too, so nothing they added or
 * removed goes unseen. With no earlier re-screen of the list, this version's own (its re-screen is full anyway).
 */
export async function versionChanges(
  em: EntityManager,
  versionId: number,
): Promise<{ changed: Set<string>; removed: string[] }> {
  const knex = knexOf(em);
  const version = await listOfVersion(em, versionId);
  const since =
    version === null
      ? undefined
      : ((await knex('ongoing_screening_runs')
          .where({ sanctions_list: version.list })
          .where('version_id', '<', versionId)
          .max({ id: 'version_id' })
          .first()) as { id: number | null } | undefined);
  const from = since?.id ?? null;
  const rows = (await knex('sanctions_list_changes as c')
    .join('sanctions_list_versions as v', 'v.id', 'c.version_id')
    .where('c.version_id', '<=', versionId)
    .modify((query) => {
      if (from === null || version === null) void query.where('c.version_id', versionId);
      else void query.where('c.version_id', '>', from).where('v.list_id', version.list);
    })
    .orderBy('c.version_id', 'asc')
    .select('c.unique_id', 'c.change')) as { unique_id: string; change: string }[];
  const latest = new Map<string, string>();
  for (const row of rows) latest.set(row.unique_id, row.change);
  const changed = new Set<string>();
  const removed: string[] = [];
  for (const [uniqueId, change] of latest)
    if (change === 'removed') removed.push(uniqueId);
    else changed.add(uniqueId);
  return { changed, removed };
}

/**
 * The run of this version, started now if it was not before. Full when the list's latest finished re-screen
 * (of an earlier version) used another matching version, or when the list was never re-screened.
 */
export async function startRun(
  em: EntityManager,
  versionId: number,
  now: Date,
): Promise<OngoingScreeningRun | null> {
  const existing = await findRun(em, versionId);
  if (existing !== null) return existing;
  const version = await listOfVersion(em, versionId);
  if (version === null) return null;
  const knex = knexOf(em);
  const previous = (await knex('ongoing_screening_runs')
    .where({ sanctions_list: version.list })
    .where('version_id', '<', versionId)
    .whereNotNull('completed_at')
    .orderBy('version_id', 'desc')
    .first('matching_version')) as { matching_version: string } | undefined;
  const fullRescreen = previous?.matching_version !== SANCTIONS_MATCHING_VERSION;
  const { changed } = await versionChanges(em, versionId);
  // Two starts of one version racing: the first row stands.
  await knex('ongoing_screening_runs')
    .insert({
      version_id: versionId,
      sanctions_list: version.list,
      matching_version: SANCTIONS_MATCHING_VERSION,
      full_rescreen: fullRescreen,
      designations: fullRescreen ? version.designations : changed.size,
      companies_total: await countMonitoredCompanies(em),
      companies_done: 0,
      matches_found: 0,
      cursor: null,
      started_at: now,
      completed_at: null,
    })
    .onConflict('version_id')
    .ignore();
  return findRun(em, versionId);
}

export async function finishRun(
  em: EntityManager,
  versionId: number,
  now: Date,
): Promise<OngoingScreeningRun | null> {
  await knexOf(em)('ongoing_screening_runs')
    .where({ version_id: versionId })
    .whereNull('completed_at')
    .update({ completed_at: now });
  return findRun(em, versionId);
}
