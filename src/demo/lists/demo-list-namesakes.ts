import type { EntityManager } from '@mikro-orm/core';
import { knexOf } from '../../domain/companies/register-sql';
import {
  demoSanctionsCollisionCompanies,
  demoSanctionsCollisions,
  type DemoSanctionsCollision,
} from '../demo-sanctions-collisions';
import { AUTONOMOUS_THEMES, UN_THEMES } from './demo-list-themes';
import type { DemoListDesignation, DemoListId } from './demo-list-designations';

/*
 * The designations of the demo OFAC, EU and UN lists named like parties of the demo register, each a current
 * director of an active company, same name, same birth month and year, at a company none of the demo UK list's
 * namesakes is tied to:
 * - one on the OFAC list only, so screening its company finds that one potential match, naming OFAC;
 * - one a Security Council designation, on the UN, EU, UK and OFAC lists, so screening its company finds one
 *   designation listed four times, which screening shows once with each list named.
 */

export interface DemoListNamesake {
  forenames: string;
  surname: string;
  birth: { year: number; month: number };
  /** The director as the register names them ("SURNAME, Forenames"). */
  officerName: string;
  companyNumber: string;
  companyName: string;
  /** Its unique ID on each list it is on ("OFAC-70000", "QDi.900", "EU-800000"; the UK's is given at writing). */
  uniqueIds: Partial<Record<DemoListId, string>>;
  note: string;
}

export interface DemoListNamesakes {
  ofacOnly: DemoListNamesake | null;
  onEveryList: DemoListNamesake | null;
}

export const DEMO_OFAC_NAMESAKE_ENT_NUM = 70_000;
/** The Security Council namesake's ids, one below each list's first demo id. */
const EVERY_LIST_IDS = {
  unReference: 'QDi.900',
  unDataId: 6_900_000,
  euLogicalId: 800_000,
  ofacEntNum: 69_999,
};

interface Director {
  company_number: string;
  company_name: string;
  name: string;
  birth_year: number;
  birth_month: number;
}

/**
 * Chosen from the store, the same on every install of one seed: from the highest company numbers down (the UK
 * list's namesakes are chosen from the lowest up), directors whose company has no party sharing a surname with any
 * other namesake, is not a company one is named after, and has no PSC of the director's surname (who would be
 * screened twice: two matches of one person). The first is OFAC's, the next the Security Council's; null when the
 * register has no such director.
 */
export async function demoListNamesakes(
  em: EntityManager,
  ukCollisions?: readonly DemoSanctionsCollision[],
): Promise<DemoListNamesakes> {
  const collisions = ukCollisions ?? (await demoSanctionsCollisions(em));
  const avoidCompanies = demoSanctionsCollisionCompanies(collisions);
  const avoidSurnames = new Set(collisions.flatMap(surnamesOf));
  const chosen: { director: Director; surname: string; forenames: string; parties: string[] }[] = [];
  for (const director of await directorsFromTheTop(em)) {
    const [surname, forenames] = director.name.split(', ');
    if (!surname || !forenames || avoidCompanies.has(director.company_number)) continue;
    const parties = await partySurnames(em, director.company_number);
    if (parties.all.some((name) => avoidSurnames.has(name))) continue;
    if (parties.pscs.includes(surname.toUpperCase())) continue;
    chosen.push({ director, surname: surname.toUpperCase(), forenames, parties: parties.all });
    avoidCompanies.add(director.company_number);
    for (const name of parties.all) avoidSurnames.add(name);
    if (chosen.length === 2) break;
  }
  const [ofac, everyList] = chosen.map(({ director, surname, forenames }) => ({
    forenames,
    surname,
    birth: { year: Number(director.birth_year), month: Number(director.birth_month) },
    officerName: director.name,
    companyNumber: director.company_number,
    companyName: director.company_name,
  }));
  const like = (director: { officerName: string; companyNumber: string }) =>
    `same name and birth month and year as director ${director.officerName} of ${director.companyNumber}`;
  return {
    ofacOnly:
      ofac === undefined
        ? null
        : {
            ...ofac,
            uniqueIds: { ofac: `OFAC-${DEMO_OFAC_NAMESAKE_ENT_NUM}` },
            note: `on the OFAC list only: ${like(ofac)}`,
          },
    onEveryList:
      everyList === undefined
        ? null
        : {
            ...everyList,
            uniqueIds: {
              un: EVERY_LIST_IDS.unReference,
              eu: `EU-${EVERY_LIST_IDS.euLogicalId}`,
              ofac: `OFAC-${EVERY_LIST_IDS.ofacEntNum}`,
            },
            note: `on the UN, EU, UK and OFAC lists (one designation): ${like(everyList)}`,
          },
  };
}

/** The demo company whose director is a namesake on the OFAC list only (see demoListNamesakes). */
export async function demoOfacNamesake(
  em: EntityManager,
  ukCollisions?: readonly DemoSanctionsCollision[],
): Promise<DemoListNamesake | null> {
  return (await demoListNamesakes(em, ukCollisions)).ofacOnly;
}

/** The namesakes as designations the demo lists' writers take, listed on `listedOn`. */
export function namesakeDesignations(namesakes: DemoListNamesakes, listedOn: string): DemoListDesignation[] {
  const designations: DemoListDesignation[] = [];
  // Nothing else about the person is listed, so what the matcher weighs is the name and the birth it shares.
  const person = (namesake: DemoListNamesake) =>
    ({
      type: 'individual',
      name: { given: namesake.forenames.split(/\s+/), surname: namesake.surname },
      originalScript: null,
      aliases: [],
      birth: { ...namesake.birth, day: null },
      nationality: null,
      address: null,
      listedOn,
      amendedOn: null,
      registrationNumber: null,
      imoNumber: null,
      ship: null,
    }) as const;
  if (namesakes.ofacOnly !== null)
    designations.push({
      ...person(namesakes.ofacOnly),
      key: 'ofac-namesake',
      theme: AUTONOMOUS_THEMES[0]![0],
      lists: new Set(['ofac']),
      un: null,
      eu: { logicalId: 0, referenceNumber: '' },
      ofacEntNum: DEMO_OFAC_NAMESAKE_ENT_NUM,
      remark: 'Demo designation: invented, named like a director of the demo register.',
    });
  if (namesakes.onEveryList !== null)
    designations.push({
      ...person(namesakes.onEveryList),
      key: 'every-list-namesake',
      theme: UN_THEMES[0]!,
      lists: new Set(['un', 'eu', 'uk', 'ofac']),
      un: { referenceNumber: EVERY_LIST_IDS.unReference, dataId: EVERY_LIST_IDS.unDataId },
      eu: { logicalId: EVERY_LIST_IDS.euLogicalId, referenceNumber: 'EU.7999.00' },
      ofacEntNum: EVERY_LIST_IDS.ofacEntNum,
      remark: 'Demo designation: invented, named like a director of the demo register, on every demo list.',
    });
  return designations;
}

async function directorsFromTheTop(em: EntityManager): Promise<Director[]> {
  return (await knexOf(em)('officer_appointments as o')
    .join('companies as c', 'c.company_number', 'o.company_number')
    .where({ 'c.company_status': 'active', 'o.officer_role': 'director' })
    .whereNull('o.resigned_on')
    .whereNotNull('o.birth_year')
    .whereNotNull('o.birth_month')
    .orderBy([
      { column: 'o.company_number', order: 'desc' },
      { column: 'o.appointment_id', order: 'asc' },
    ])
    .limit(50)
    .select('o.company_number', 'c.company_name', 'o.name', 'o.birth_year', 'o.birth_month')) as Director[];
}

function surnamesOf(collision: DemoSanctionsCollision): string[] {
  switch (collision.kind) {
    case 'person':
      return [collision.surname.toUpperCase()];
    case 'weak_aliases':
      return [
        ...collision.aliases.map((alias) => alias.surname.toUpperCase()),
        ...(collision.officers ?? []).map((officer) => officer.name.split(', ')[0]!.toUpperCase()),
      ];
    default:
      return [];
  }
}

/** The surnames of a company's current officers and persons with significant control. */
async function partySurnames(
  em: EntityManager,
  companyNumber: string,
): Promise<{ all: string[]; pscs: string[] }> {
  const knex = knexOf(em);
  const officers = (await knex('officer_appointments')
    .where({ company_number: companyNumber })
    .whereNull('resigned_on')
    .select('name')) as { name: string }[];
  const pscs = (await knex('persons_with_significant_control')
    .where({ company_number: companyNumber })
    .whereNull('ceased_on')
    .whereNotNull('name')
    .select('name')) as { name: string }[];
  const pscSurnames = pscs.map((row) => row.name.trim().split(/\s+/).at(-1)!.toUpperCase());
  return {
    all: [...officers.map((row) => row.name.split(', ')[0]!.toUpperCase()), ...pscSurnames],
    pscs: pscSurnames,
  };
}
