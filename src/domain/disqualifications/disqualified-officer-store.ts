import type { EntityManager } from '@mikro-orm/core';
import {
  DisqualificationEntity,
  DisqualifiedOfficerEntity,
  type Disqualification,
  type DisqualifiedOfficer,
} from '../../db/entities/disqualified-officer';
import { OfficerAppointmentEntity } from '../../db/entities/officer-appointment';
import { enqueueHealthRescore } from '../health/store/health-score-queue';
import type { DisqualifiedOfficerRows } from './disqualified-officer-record';

/*
 * The store of disqualified officers. A resource replaces the officer and every disqualification of it in one
 * transaction (the resource lists all of them), so a reader never sees an officer with half its orders. The
 * companies whose appointments the officer links to (before and after) are queued for a health rescore in the
 * same transaction: their governance rules read the disqualifications, and no register change announces them.
 */

/** Companies with an appointment the officer links to: the same officer id, or the same name keys and birth. */
async function linkedCompanies(em: EntityManager, officer: DisqualifiedOfficer): Promise<string[]> {
  const byName =
    officer.kind === 'natural' && officer.birthYear !== null
      ? [
          {
            surnameKey: officer.surnameKey,
            nameKey: officer.nameKey,
            birthYear: officer.birthYear,
            birthMonth: officer.birthMonth,
          },
        ]
      : [];
  const rows = await em.find(
    OfficerAppointmentEntity,
    { $or: [{ officerId: officer.officerId }, ...byName] },
    { fields: ['companyNumber'], disableIdentityMap: true },
  );
  return rows.map((row) => row.companyNumber);
}

export interface StoredDisqualifiedOfficer {
  officer: DisqualifiedOfficer;
  disqualifications: Disqualification[];
}

/** Writes one officer's rows; true when nothing was held for the officer before. */
export async function saveDisqualifiedOfficer(
  em: EntityManager,
  rows: DisqualifiedOfficerRows,
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const officerId = rows.officer.officerId;
    const held = await tx.findOne(DisqualifiedOfficerEntity, { officerId }, { disableIdentityMap: true });
    await tx.nativeDelete(DisqualificationEntity, { officerId });
    await tx.nativeDelete(DisqualifiedOfficerEntity, { officerId });
    await tx.insert(DisqualifiedOfficerEntity, rows.officer);
    if (rows.disqualifications.length > 0)
      await tx.insertMany(DisqualificationEntity, rows.disqualifications);
    const companies = [
      ...(held ? await linkedCompanies(tx, held) : []),
      ...(await linkedCompanies(tx, rows.officer)),
    ];
    await enqueueHealthRescore(tx, companies, rows.officer.updatedAt);
    return held === null;
  });
}

/** Removes an officer of that kind (a deleted stream event, a 404); true when one was held. */
export async function removeDisqualifiedOfficer(
  em: EntityManager,
  kind: string,
  officerId: string,
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const held = await tx.findOne(
      DisqualifiedOfficerEntity,
      { officerId, kind },
      { disableIdentityMap: true },
    );
    if (held === null) return false;
    await tx.nativeDelete(DisqualificationEntity, { officerId });
    await tx.nativeDelete(DisqualifiedOfficerEntity, { officerId, kind });
    await enqueueHealthRescore(tx, await linkedCompanies(tx, held), new Date());
    return true;
  });
}

async function withDisqualifications(
  em: EntityManager,
  officers: DisqualifiedOfficer[],
): Promise<StoredDisqualifiedOfficer[]> {
  if (officers.length === 0) return [];
  const items = await em.find(
    DisqualificationEntity,
    { officerId: { $in: officers.map((officer) => officer.officerId) } },
    { disableIdentityMap: true, orderBy: { officerId: 'asc', position: 'asc' } },
  );
  return officers.map((officer) => ({
    officer,
    disqualifications: items.filter((item) => item.officerId === officer.officerId),
  }));
}

/** The officers held under these ids. */
export async function disqualifiedOfficersById(
  em: EntityManager,
  officerIds: readonly string[],
): Promise<StoredDisqualifiedOfficer[]> {
  const ids = [...new Set(officerIds)];
  if (ids.length === 0) return [];
  const officers = await em.find(
    DisqualifiedOfficerEntity,
    { officerId: { $in: ids } },
    { disableIdentityMap: true, orderBy: { officerId: 'asc' } },
  );
  return withDisqualifications(em, officers);
}

/** Natural persons with one of these surname keys: the candidates a name and birth month can link. */
export async function disqualifiedOfficersBySurname(
  em: EntityManager,
  surnameKeys: readonly string[],
): Promise<StoredDisqualifiedOfficer[]> {
  const keys = [...new Set(surnameKeys)].filter((key) => key !== '');
  if (keys.length === 0) return [];
  const officers = await em.find(
    DisqualifiedOfficerEntity,
    { surnameKey: { $in: keys }, kind: 'natural', birthYear: { $ne: null } },
    { disableIdentityMap: true, orderBy: { officerId: 'asc' } },
  );
  return withDisqualifications(em, officers);
}
