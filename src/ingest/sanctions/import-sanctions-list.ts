import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { dialectOf, knexOf } from '../../domain/companies/register-sql';
import { ServiceError } from '../../domain/errors';
import {
  changedFields,
  diffListVersion,
  incomingDesignation,
  type HeldDesignation,
  type IncomingDesignation,
} from '../../domain/sanctions/list-version-diff';
import { kindOfDesignation, nameKey } from '../../domain/sanctions/name-tokens';
import { addressCountries, type SanctionsDesignation } from '../../domain/sanctions/sanctions-designation';
import type { SanctionsListImportResult } from '../../domain/sanctions/sanctions-list-import-result';
import { currentListVersion, primaryNameOf, versionSummary } from '../../domain/sanctions/sanctions-list';
import { SANCTIONS_LISTS, type SanctionsListId } from '../../domain/sanctions/sanctions-lists';
import type { SanctionsListChangeKind } from '../../db/entities/sanctions-list-change';
import { listContentSha256, parseSanctionsList, type SanctionsListFiles } from './sanctions-list-layouts';

/*
 * One publication of a sanctions list (its files, in its published layout) into the store as that list's new
 * version, all or nothing: parsed whole first (files that are not the list change nothing), then compared with
 * the designations on the list's current version and written in one transaction with its diff. The same bytes as
 * the current version are a no-op. Only designations that changed are rewritten, so a daily import of a list that
 * moved a little writes a little. Each list is versioned on its own: importing one never touches another.
 */

/** Problems listed in the result and stored with the version; all are counted. */
const REPORTED_PROBLEMS = 50;
/** Rows per multi-row insert: well inside both databases' bound-parameter limits. */
const INSERT_CHUNK = 200;

export interface ImportSanctionsListOptions {
  /** What the version records as its source: the file path or the URL. */
  source: string;
  now?: Date;
}

export async function importSanctionsList(
  em: EntityManager,
  list: SanctionsListId,
  files: SanctionsListFiles,
  options: ImportSanctionsListOptions,
): Promise<SanctionsListImportResult> {
  const contentSha256 = listContentSha256(files);
  const current = await currentListVersion(em, list);
  if (current?.contentSha256 === contentSha256) return unchanged(current);

  const parsed = await parseSanctionsList(list, files);
  if (parsed.designations.length === 0) {
    throw new ServiceError(
      'invalid_argument',
      `The ${SANCTIONS_LISTS[list].name} files hold no designation that could be read`,
      {
        list,
        records: parsed.records,
        rejected: parsed.rejected.slice(0, REPORTED_PROBLEMS),
      },
    );
  }
  const problems = {
    rejected: parsed.rejected.slice(0, REPORTED_PROBLEMS),
    warnings: parsed.warnings.slice(0, REPORTED_PROBLEMS),
  };
  const knex = knexOf(em);
  const postgres = dialectOf(em) === 'postgresql';
  const outcome = await knex.transaction(async (trx) => {
    // Two imports at once (the Schedule and an operator) would both diff against the same current version.
    if (postgres) await trx.raw('select pg_advisory_xact_lock(?)', [SANCTIONS_IMPORT_LOCK]);
    const latest = (await trx('sanctions_list_versions')
      .where({ list_id: list })
      .orderBy('id', 'desc')
      .first('content_sha256')) as { content_sha256: string } | undefined;
    if (latest?.content_sha256 === contentSha256) return 'unchanged' as const;
    return writeVersion(trx, list, parsed.designations, {
      publishedOn: parsed.publishedOn,
      contentSha256,
      source: options.source,
      importedAt: options.now ?? new Date(),
      records: parsed.records,
      rejected: parsed.rejected.length,
      warnings: parsed.warnings.length,
      problems: JSON.stringify(problems),
    });
  });
  const version = await currentListVersion(em.fork(), list);
  if (version === null) throw new Error('the sanctions list version just written is not there');
  if (outcome === 'unchanged') return unchanged(version);
  return {
    status: 'imported',
    list,
    version: versionSummary(version),
    records: parsed.records,
    rejected: parsed.rejected.length,
    warnings: parsed.warnings.length,
    problems,
  };
}

/**
 * pg_advisory_xact_lock key of the sanctions import (an arbitrary constant, unique in this service). One key for
 * every list: imports are rare, and one at a time keeps the global version sequence in import order.
 */
const SANCTIONS_IMPORT_LOCK = 7_212_001;

function unchanged(
  version: NonNullable<Awaited<ReturnType<typeof currentListVersion>>>,
): SanctionsListImportResult {
  return {
    status: 'unchanged',
    list: version.listId,
    version: versionSummary(version),
    records: 0,
    rejected: 0,
    warnings: 0,
    problems: { rejected: [], warnings: [] },
  };
}

interface VersionFields {
  publishedOn: string | null;
  contentSha256: string;
  source: string;
  importedAt: Date;
  records: number;
  rejected: number;
  warnings: number;
  problems: string;
}

interface StoredState {
  unique_id: string;
  content_sha256: string;
  removed_in_version: number | null;
}

async function writeVersion(
  trx: Knex.Transaction,
  list: SanctionsListId,
  designations: readonly SanctionsDesignation[],
  fields: VersionFields,
): Promise<'imported'> {
  const stored = new Map<string, HeldDesignation>();
  const designationsOfList = () => trx('sanctions_designations').where({ list_id: list });
  for (const row of (await designationsOfList().select(
    'unique_id',
    'content_sha256',
    'removed_in_version',
  )) as StoredState[])
    stored.set(row.unique_id, {
      contentSha256: row.content_sha256,
      removed: row.removed_in_version !== null,
    });
  const { added, amended, removed: goneIds } = diffListVersion(stored, designations.map(incomingDesignation));
  const fieldsChanged = await amendedFields(trx, list, amended);

  const names = designations.reduce((sum, designation) => sum + designation.names.length, 0);
  const [inserted] = (await trx('sanctions_list_versions')
    .insert({
      list_id: list,
      published_on: fields.publishedOn,
      content_sha256: fields.contentSha256,
      source: fields.source,
      imported_at: fields.importedAt,
      records: fields.records,
      rejected: fields.rejected,
      warnings: fields.warnings,
      problems: fields.problems,
      designations: designations.length,
      names,
      added: added.length,
      amended: amended.length,
      removed: goneIds.length,
    })
    .returning('id')) as ({ id: number } | number)[];
  const versionId = typeof inserted === 'object' ? inserted.id : inserted!;

  const rewritten = [...added, ...amended];
  const gone = new Set(goneIds);
  for (const ids of chunks(
    [...rewritten.map((item) => item.designation.unique_id), ...goneIds],
    INSERT_CHUNK,
  )) {
    // A removed designation keeps its names: what an earlier screening matched stays readable.
    const replaced = ids.filter((id) => !gone.has(id));
    if (replaced.length > 0)
      await trx('sanctions_designation_names')
        .where({ list_id: list })
        .whereIn('unique_id', replaced)
        .delete();
  }
  for (const ids of chunks(goneIds, INSERT_CHUNK))
    await designationsOfList().whereIn('unique_id', ids).update({ removed_in_version: versionId });

  const fresh: Record<string, unknown>[] = [];
  for (const item of rewritten) {
    const { designation } = item;
    const columns = {
      designation_type: designation.type,
      primary_name: primaryNameOf(designation.names),
      regimes: JSON.stringify(designation.regimes),
      date_designated: designation.date_designated,
      last_updated: designation.last_updated,
      birth_dates: JSON.stringify(designation.birth_dates),
      nationalities: JSON.stringify(designation.nationalities),
      countries: JSON.stringify(addressCountries(designation)),
      record: item.record,
      content_sha256: item.sha,
      changed_in_version: versionId,
      removed_in_version: null,
    };
    if (stored.has(designation.unique_id))
      await designationsOfList().where({ unique_id: designation.unique_id }).update(columns);
    else
      fresh.push({ list_id: list, unique_id: designation.unique_id, first_version: versionId, ...columns });
  }
  for (const rows of chunks(fresh, INSERT_CHUNK)) await trx('sanctions_designations').insert(rows);

  const nameRows = rewritten.flatMap(({ designation }) =>
    designation.names.map((name, position) => ({
      list_id: list,
      unique_id: designation.unique_id,
      position,
      name: name.name,
      surname: name.surname,
      given_names: name.given_names,
      name_type: name.name_type,
      alias_strength: name.alias_strength,
      title: name.title,
      non_latin: name.non_latin,
      script: name.script,
      language: name.language,
      name_key: nameKey(name.name, kindOfDesignation(designation.type)),
    })),
  );
  for (const rows of chunks(nameRows, INSERT_CHUNK)) await trx('sanctions_designation_names').insert(rows);

  const change = (unique_id: string, kind: SanctionsListChangeKind, type: string, name: string) => ({
    version_id: versionId,
    list_id: list,
    unique_id,
    change: kind,
    designation_type: type,
    primary_name: name,
    changed_fields: kind === 'amended' ? JSON.stringify(fieldsChanged.get(unique_id) ?? []) : null,
  });
  const removedRecords = await primaryNames(trx, list, goneIds);
  const changeRows = [
    ...added.map(({ designation: d }) => change(d.unique_id, 'added', d.type, primaryNameOf(d.names))),
    ...amended.map(({ designation: d }) => change(d.unique_id, 'amended', d.type, primaryNameOf(d.names))),
    ...goneIds.map((uniqueId) => {
      const before = removedRecords.get(uniqueId)!;
      return change(uniqueId, 'removed', before.designation_type, before.primary_name);
    }),
  ];
  for (const rows of chunks(changeRows, INSERT_CHUNK)) await trx('sanctions_list_changes').insert(rows);
  return 'imported';
}

/** For each amended designation, the top-level fields of its record that differ from the stored one. */
async function amendedFields(
  trx: Knex.Transaction,
  list: SanctionsListId,
  amended: readonly IncomingDesignation[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  const byId = new Map(amended.map((item) => [item.designation.unique_id, item.designation]));
  for (const ids of chunks([...byId.keys()], INSERT_CHUNK)) {
    const rows = (await trx('sanctions_designations')
      .where({ list_id: list })
      .whereIn('unique_id', ids)
      .select('unique_id', 'record')) as {
      unique_id: string;
      record: string;
    }[];
    for (const row of rows)
      result.set(
        row.unique_id,
        changedFields(JSON.parse(row.record) as SanctionsDesignation, byId.get(row.unique_id)!),
      );
  }
  return result;
}

async function primaryNames(
  trx: Knex.Transaction,
  list: SanctionsListId,
  ids: readonly string[],
): Promise<Map<string, { designation_type: string; primary_name: string }>> {
  const result = new Map<string, { designation_type: string; primary_name: string }>();
  for (const chunk of chunks(ids, INSERT_CHUNK)) {
    const rows = (await trx('sanctions_designations')
      .where({ list_id: list })
      .whereIn('unique_id', chunk)
      .select('unique_id', 'designation_type', 'primary_name')) as {
      unique_id: string;
      designation_type: string;
      primary_name: string;
    }[];
    for (const row of rows) result.set(row.unique_id, row);
  }
  return result;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
