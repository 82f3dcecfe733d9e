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

/*
 * The read model of the UK Sanctions List: the current version, and the designations on it that are worth
 * comparing with a set of names (the token prefilter). Screening reads the list through here only. The prefilter
 * and the lookups answer from the version's in-memory index (listed-designations-index.ts); a request reads the
 * current version's row and nothing else unless the version is new to this process.
 */

import type { CandidateOptions, ListedDesignation } from './listed-designation';

export type { CandidateOptions, ListedDesignation };

export interface CurrentSanctionsList {
  /** Null before any list was imported: screening then has nothing to screen against, and must say so. */
  version: SanctionsListVersionSummary | null;
  /** Designations on the current list sharing a name token key with any of `names`, in Unique ID order. */
  candidatesFor(names: readonly string[], options?: CandidateOptions): Promise<ListedDesignation[]>;
  /** Designations on the current list with a name equal to `name` once normalised (token order ignored). */
  withNameKey(name: string, options?: Pick<CandidateOptions, 'types'>): Promise<ListedDesignation[]>;
  /** The in-memory index of this version (parties, list-wide statistics); null before any list was imported. */
  index(): Promise<ListedDesignationsIndex | null>;
  /** One designation by Unique ID, including one since removed (its record as last listed); null if never seen. */
  designation(uniqueId: string): Promise<(ListedDesignation & { removed_in_version: number | null }) | null>;
}

export async function currentListVersion(em: EntityManager): Promise<SanctionsListVersion | null> {
  const [newest] = await em.find(SanctionsListVersionEntity, {}, { orderBy: { id: 'desc' }, limit: 1 });
  return newest ?? null;
}

export function versionSummary(version: SanctionsListVersion): SanctionsListVersionSummary {
  return {
    id: version.id,
    report_date: version.reportDate,
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

export async function currentSanctionsList(em: EntityManager): Promise<CurrentSanctionsList> {
  const version = await currentListVersion(em);
  const knex = knexOf(em);
  // A refresh landing between reading the version and loading its rows leaves this index one version ahead of
  // its key until the next request, which sees the new version and builds again: never behind what it says.
  const index =
    version === null
      ? null
      : listedDesignationsIndex(
          knex,
          `${version.id}:${version.contentSha256}:${version.importedAt.toISOString()}`,
          async () => {
            const rows = (await knex('sanctions_designations')
              .whereNull('removed_in_version')
              .select('record')) as { record: string }[];
            const parsed: ListedDesignation[] = [];
            // In slices, a turn of the event loop between: 12,500 records take a second or two to parse.
            for (let i = 0; i < rows.length; i++) {
              if (i > 0 && i % 500 === 0) await nextTurn();
              parsed.push(listedDesignation(rows[i]!.record));
            }
            return parsed;
          },
        );
  // Not awaited by a caller that reads nothing but the version; a failed build is theirs to see only if they ask.
  index?.catch(() => undefined);
  const indexed = async () => (index === null ? null : await index);

  return {
    version: version === null ? null : versionSummary(version),

    async candidatesFor(names, options = {}) {
      return (await indexed())?.candidatesFor(names, options) ?? [];
    },

    async withNameKey(name, options = {}) {
      return (await indexed())?.withNameKey(name, options) ?? [];
    },

    async index() {
      return indexed();
    },

    async designation(uniqueId) {
      const row = (await knex('sanctions_designations')
        .where({ unique_id: uniqueId })
        .first('record', 'removed_in_version')) as
        { record: string; removed_in_version: number | null } | undefined;
      if (row === undefined) return null;
      return { ...listedDesignation(row.record), removed_in_version: row.removed_in_version };
    },
  };
}

function listedDesignation(record: string): ListedDesignation {
  const designation = sanctionsDesignationSchema.parse(JSON.parse(record));
  return {
    ...designation,
    primary_name: primaryNameOf(designation.names),
    countries: addressCountries(designation),
  };
}
