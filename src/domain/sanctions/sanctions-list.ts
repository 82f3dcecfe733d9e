import type { EntityManager } from '@mikro-orm/core';
import { SanctionsListChangeEntity, type SanctionsListChange } from '../../db/entities/sanctions-list-change';
import {
  SanctionsListVersionEntity,
  type SanctionsListVersion,
} from '../../db/entities/sanctions-list-version';
import { knexOf } from '../companies/register-sql';
import { designationIdentifierKeys } from './designation-identifier-keys';
import { kindsOfTypes, nameKey, nameTokenKeys } from './name-tokens';
import {
  addressCountries,
  sanctionsDesignationSchema,
  type DesignationName,
  type DesignationType,
  type SanctionsDesignation,
} from './sanctions-designation';
import type { SanctionsListVersionSummary } from './sanctions-list-import-result';

/*
 * The read model of the UK Sanctions List: the current version, and the designations on it that are worth
 * comparing with a set of names (the token prefilter). Screening reads the list through here only.
 */

/** A designation on the list as screening reads it: the whole record, its primary name and address countries. */
export type ListedDesignation = SanctionsDesignation & { primary_name: string; countries: string[] };

export interface CandidateOptions {
  /** Only designations of these types (people against individuals, companies against entities). */
  types?: readonly DesignationType[];
  /**
   * How many distinct token keys a designation must share with one of the names (capped at the name's own
   * count, so a one-word name still finds candidates). Default 1: the most generous cut.
   */
  minSharedKeys?: number;
}

export interface CurrentSanctionsList {
  /** Null before any list was imported: screening then has nothing to screen against, and must say so. */
  version: SanctionsListVersionSummary | null;
  /** Designations on the current list sharing a name token key with any of `names`, in Unique ID order. */
  candidatesFor(names: readonly string[], options?: CandidateOptions): Promise<ListedDesignation[]>;
  /**
   * Designations on the current list publishing any of these identifier keys (`gb-coh:01234567`, see
   * designationIdentifierKeys), whatever their names: an identifier match needs no name in common.
   */
  withIdentifiers(
    keys: readonly string[],
    options?: Pick<CandidateOptions, 'types'>,
  ): Promise<ListedDesignation[]>;
  /** Designations on the current list with a name equal to `name` once normalised (token order ignored). */
  withNameKey(name: string, options?: Pick<CandidateOptions, 'types'>): Promise<ListedDesignation[]>;
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
  const load = async (
    uniqueIds: readonly string[],
    types: readonly DesignationType[] | undefined,
  ): Promise<ListedDesignation[]> => {
    const listed: ListedDesignation[] = [];
    for (let i = 0; i < uniqueIds.length; i += 500) {
      let query = knex('sanctions_designations')
        .whereIn('unique_id', uniqueIds.slice(i, i + 500))
        .whereNull('removed_in_version');
      if (types !== undefined) query = query.whereIn('designation_type', [...types]);
      const rows = (await query.select('record')) as { record: string }[];
      for (const row of rows) listed.push(listedDesignation(row.record));
    }
    return listed.sort((a, b) => (a.unique_id < b.unique_id ? -1 : a.unique_id > b.unique_id ? 1 : 0));
  };

  return {
    version: version === null ? null : versionSummary(version),

    async candidatesFor(names, options = {}) {
      const found = new Set<string>();
      for (const name of names) {
        const keys = [
          ...new Set(kindsOfTypes(options.types).flatMap((kind) => nameTokenKeys(name, kind, 'screened'))),
        ];
        if (keys.length === 0) continue;
        const needed = Math.max(1, Math.min(options.minSharedKeys ?? 1, keys.length));
        const rows = (await knex('sanctions_name_tokens')
          .whereIn('token_key', keys)
          .groupBy('unique_id')
          .havingRaw('count(*) >= ?', [needed])
          .select('unique_id')) as { unique_id: string }[];
        for (const row of rows) found.add(row.unique_id);
      }
      return load([...found], options.types);
    },

    async withIdentifiers(keys, options = {}) {
      if (keys.length === 0) return [];
      // No index of identifiers in the store: the records are narrowed to those containing the number's digits (a
      // superset of those that can publish it, however written), then read as designationIdentifierKeys reads them.
      const digits = [...new Set(keys.map(publishedDigits).filter((part) => part.length >= 5))];
      if (digits.length === 0) return [];
      let query = knex('sanctions_designations')
        .whereNull('removed_in_version')
        .where((where) => {
          for (const part of digits) void where.orWhere('record', 'like', `%${part}%`);
        });
      if (options.types !== undefined) query = query.whereIn('designation_type', [...options.types]);
      const rows = (await query.orderBy('unique_id').select('record')) as { record: string }[];
      const wanted = new Set(keys);
      return rows
        .map((row) => listedDesignation(row.record))
        .filter((designation) => designationIdentifierKeys(designation).some((key) => wanted.has(key)));
    },

    async withNameKey(name, options = {}) {
      const keys = [...new Set(kindsOfTypes(options.types).map((kind) => nameKey(name, kind)))].filter(
        (key) => key !== '',
      );
      if (keys.length === 0) return [];
      const rows = (await knex('sanctions_designation_names')
        .whereIn('name_key', keys)
        .distinct('unique_id')) as { unique_id: string }[];
      return load(
        rows.map((row) => row.unique_id),
        options.types,
      );
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

/**
 * Digits any published form of an identifier key's number contains: its digits, less the one leading zero a
 * Companies House number may have lost ("1234567" is 01234567; "SC012345" is written with its "012345").
 */
function publishedDigits(key: string): string {
  const [scheme, value = ''] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  const digits = value.replace(/\D/g, '');
  return scheme === 'gb-coh' && /^\d{8}$/.test(value) ? digits.slice(1) : digits;
}

function listedDesignation(record: string): ListedDesignation {
  const designation = sanctionsDesignationSchema.parse(JSON.parse(record));
  return {
    ...designation,
    primary_name: primaryNameOf(designation.names),
    countries: addressCountries(designation),
  };
}
