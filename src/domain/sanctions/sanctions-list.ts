import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/core';
import { SanctionsListChangeEntity, type SanctionsListChange } from '../../db/entities/sanctions-list-change';
import {
  SanctionsListVersionEntity,
  type SanctionsListVersion,
} from '../../db/entities/sanctions-list-version';
import { knexOf } from '../companies/register-sql';
import { listedDesignationsIndex, type ListedDesignationsIndex } from './listed-designations-index';
import { addressCountries, sanctionsDesignationSchema, type DesignationName } from './sanctions-designation';
import type { SanctionsListVersionSummary } from './sanctions-list-import-result';
import { sanctionsListIds, type SanctionsListId } from './sanctions-lists';

/*
 * The read model of the sanctions lists held: each list's current version, and the designations on it that are
 * worth comparing with a set of names (the token prefilter). Screening reads the lists through here only. The
 * prefilter and the lookups answer from each version's in-memory index (listed-designations-index.ts); a request
 * reads the current versions' rows and nothing else unless a version is new to this process.
 */

import type { CandidateOptions, ListedDesignation } from './listed-designation';

export type { CandidateOptions, ListedDesignation };

/** One list held: its current version, and that version's designations. */
export interface HeldSanctionsList {
  list: SanctionsListId;
  version: SanctionsListVersionSummary;
  /** Designations on the current version sharing a name token key with any of `names`, in Unique ID order. */
  candidatesFor(names: readonly string[], options?: CandidateOptions): Promise<ListedDesignation[]>;
  /** Designations on the current version with a name equal to `name` once normalised (token order ignored). */
  withNameKey(name: string, options?: Pick<CandidateOptions, 'types'>): Promise<ListedDesignation[]>;
  /** The in-memory index of this version (parties, list-wide statistics). */
  index(): Promise<ListedDesignationsIndex>;
}

/** The list's newest version; null when the list was never imported. */
export async function currentListVersion(
  em: EntityManager,
  list: SanctionsListId,
): Promise<SanctionsListVersion | null> {
  const [newest] = await em.find(
    SanctionsListVersionEntity,
    { listId: list },
    { orderBy: { id: 'desc' }, limit: 1 },
  );
  return newest ?? null;
}

export function versionSummary(version: SanctionsListVersion): SanctionsListVersionSummary {
  return {
    id: version.id,
    list: version.listId,
    published_on: version.publishedOn,
    content_sha256: version.contentSha256,
    source: version.source,
    imported_at: version.importedAt.toISOString(),
    designations: version.designations,
    names: version.names,
    added: version.added,
    amended: version.amended,
    removed: version.removed,
  };
}

/** The name a designation is known by: its first Latin primary name, else its first primary, else its first. */
export function primaryNameOf(names: readonly DesignationName[]): string {
  const primary =
    names.find((name) => name.name_type === 'primary' && !name.non_latin) ??
    names.find((name) => name.name_type === 'primary') ??
    names[0];
  return primary?.name ?? '';
}

/** A version's changes: designations added, amended (with the fields that differ) and removed. */
export async function sanctionsListChanges(
  em: EntityManager,
  versionId: number,
): Promise<SanctionsListChange[]> {
  return em.find(SanctionsListChangeEntity, { versionId }, { orderBy: { uniqueId: 'asc' } });
}

/** The current version of every list held, in the lists' table order (sanctions-lists.ts). */
export async function currentListVersions(em: EntityManager): Promise<SanctionsListVersion[]> {
  const knex = knexOf(em);
  const newest = (await knex('sanctions_list_versions')
    .select('list_id')
    .max({ id: 'id' })
    .groupBy('list_id')) as { list_id: string; id: number }[];
  if (newest.length === 0) return [];
  const versions = await em.find(SanctionsListVersionEntity, { id: { $in: newest.map((row) => row.id) } });
  return versions.sort((a, b) => sanctionsListIds.indexOf(a.listId) - sanctionsListIds.indexOf(b.listId));
}

/**
 * Every list held (or only those of `lists`), each with its current version and that version's index. A list
 * never imported is not among them: the caller says so (lists not held are part of every screen's answer).
 */
export async function currentSanctionsLists(
  em: EntityManager,
  lists: readonly SanctionsListId[] = sanctionsListIds,
): Promise<HeldSanctionsList[]> {
  const wanted = new Set(lists);
  const versions = (await currentListVersions(em)).filter((version) => wanted.has(version.listId));
  return versions.map((version) => heldList(em, version));
}

function heldList(em: EntityManager, version: SanctionsListVersion): HeldSanctionsList {
  const knex = knexOf(em);
  const list = version.listId;
  // A refresh landing between reading the version and loading its rows leaves this index one version ahead of
  // its key until the next request, which sees the new version and builds again: never behind what it says.
  const index = listedDesignationsIndex(
    knex,
    list,
    `${version.id}:${version.contentSha256}:${version.importedAt.toISOString()}`,
    async () => {
      const rows = (await knex('sanctions_designations')
        .where({ list_id: list })
        .whereNull('removed_in_version')
        .select('record')) as { record: string }[];
      const parsed: ListedDesignation[] = [];
      // In slices, a turn of the event loop between: 12,500 records take a second or two to parse.
      for (let i = 0; i < rows.length; i++) {
        if (i > 0 && i % 500 === 0) await nextTurn();
        parsed.push(listedDesignation(list, rows[i]!.record));
      }
      return parsed;
    },
  );
  // Not awaited by a caller that reads nothing but the version; a failed build is theirs to see only if they ask.
  index.catch(() => undefined);

  return {
    list,
    version: versionSummary(version),
    async candidatesFor(names, options = {}) {
      return (await index).candidatesFor(names, options);
    },
    async withNameKey(name, options = {}) {
      return (await index).withNameKey(name, options);
    },
    async index() {
      return index;
    },
  };
}

/** One designation of a list by Unique ID, including one since removed (its record as last listed); null if never seen. */
export async function sanctionsDesignation(
  em: EntityManager,
  list: SanctionsListId,
  uniqueId: string,
): Promise<(ListedDesignation & { removed_in_version: number | null }) | null> {
  const row = (await knexOf(em)('sanctions_designations')
    .where({ list_id: list, unique_id: uniqueId })
    .first('record', 'removed_in_version')) as
    { record: string; removed_in_version: number | null } | undefined;
  if (row === undefined) return null;
  return { ...listedDesignation(list, row.record), removed_in_version: row.removed_in_version };
}

function listedDesignation(list: SanctionsListId, record: string): ListedDesignation {
  const designation = sanctionsDesignationSchema.parse(JSON.parse(record));
  return {
    ...designation,
    list_id: list,
    primary_name: primaryNameOf(designation.names),
    countries: addressCountries(designation),
  };
}
