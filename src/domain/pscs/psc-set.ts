import type { EntityManager } from '@mikro-orm/core';
import { PersonWithSignificantControlEntity } from '../../db/entities/person-with-significant-control';
import type { ChangeDraft } from '../changes/company-changes';
import { diffPscs } from './psc-changes';
import { isStatementRow, type PscRow } from './psc-item';

/*
 * Replacing a company's PSC entries with a new set, inside the caller's transaction (the resource import's).
 * The snapshot carries people and statements together; the API serves them as two lists, so an API import
 * replaces only the part it carries and the other part stays as it was.
 */

export type PscSetPart = 'all' | 'people' | 'statements';

const INSERT_CHUNK = 500;

/** The company's entries, or only the one with `pscId`. */
export async function readPscRows(
  em: EntityManager,
  companyNumber: string,
  pscId?: string,
): Promise<PscRow[]> {
  const rows = await em.find(
    PersonWithSignificantControlEntity,
    pscId === undefined ? { companyNumber } : { companyNumber, pscId },
    { disableIdentityMap: true, orderBy: { pscId: 'asc' } },
  );
  return rows.map((row) => ({
    companyNumber: row.companyNumber,
    pscId: row.pscId,
    kind: row.kind,
    name: row.name,
    birthYear: row.birthYear === null ? null : Number(row.birthYear),
    birthMonth: row.birthMonth === null ? null : Number(row.birthMonth),
    nationality: row.nationality,
    countryOfResidence: row.countryOfResidence,
    address: row.address,
    identification: row.identification,
    naturesOfControl: row.naturesOfControl,
    statement: row.statement,
    identityVerification: row.identityVerification ?? null,
    notifiedOn: row.notifiedOn,
    ceasedOn: row.ceasedOn,
    details: row.details,
  }));
}

/** Keeps the last entry for each psc_id: a set holds one entry per id, and a later line is the newer one. */
export function uniqueById(rows: readonly PscRow[]): PscRow[] {
  return [...new Map(rows.map((row) => [row.pscId, row])).values()];
}

/**
 * Writes one entry in place of the one held under its psc_id (`row` null: removes that entry), leaving the rest
 * of the set alone, and returns the change from what was held: one entry of the set as a Streaming API event
 * carries it.
 */
export async function replacePscEntry(
  tx: EntityManager,
  companyNumber: string,
  pscId: string,
  row: PscRow | null,
): Promise<ChangeDraft[]> {
  const before = await readPscRows(tx, companyNumber, pscId);
  if (before.length > 0) await tx.nativeDelete(PersonWithSignificantControlEntity, { companyNumber, pscId });
  if (row !== null) await tx.insert(PersonWithSignificantControlEntity, row);
  return diffPscs(companyNumber, before, row === null ? [] : [row]);
}

/** Writes `rows` as the company's set (or part of it) and returns the changes from what was held. */
export async function replacePscSet(
  tx: EntityManager,
  companyNumber: string,
  rows: readonly PscRow[],
  part: PscSetPart,
): Promise<ChangeDraft[]> {
  const next = uniqueById(rows);
  const incoming = new Set(next.map((row) => row.pscId));
  const inPart = (row: PscRow) =>
    part === 'all' || incoming.has(row.pscId) || (part === 'statements') === isStatementRow(row);
  const before = (await readPscRows(tx, companyNumber)).filter(inPart);
  if (before.length > 0)
    await tx.nativeDelete(PersonWithSignificantControlEntity, {
      companyNumber,
      pscId: { $in: before.map((row) => row.pscId) },
    });
  for (let start = 0; start < next.length; start += INSERT_CHUNK)
    await tx.insertMany(PersonWithSignificantControlEntity, next.slice(start, start + INSERT_CHUNK));
  return diffPscs(companyNumber, before, next);
}
