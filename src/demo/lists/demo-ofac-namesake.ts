import type { EntityManager } from '@mikro-orm/core';
import { knexOf } from '../../domain/companies/register-sql';
import {
  demoSanctionsCollisionCompanies,
  demoSanctionsCollisions,
  type DemoSanctionsCollision,
} from '../demo-sanctions-collisions';
import { AUTONOMOUS_THEMES } from './demo-list-themes';
import type { DemoListDesignation } from './demo-list-designations';

/*
 * The one designation of the demo OFAC list named like a party of the demo register: a current director of an
 * active company, same name, same birth month and year, on OFAC's list only, at a company none of the demo UK
 * list's namesakes is tied to. Screening that company over every held list then finds this one potential match,
 * naming OFAC: what the demo shows of a list other than the UK's.
 */

export interface DemoOfacNamesake {
  forenames: string;
  surname: string;
  birth: { year: number; month: number };
  /** The director as the register names them ("SURNAME, Forenames"). */
  officerName: string;
  companyNumber: string;
  companyName: string;
  /** OFAC's ent_num for it, so its unique ID is OFAC-<ent_num>. */
  entNum: number;
  note: string;
}

export const DEMO_OFAC_NAMESAKE_ENT_NUM = 70_000;

interface Director {
  company_number: string;
  company_name: string;
  name: string;
  birth_year: number;
  birth_month: number;
}

/**
 * Chosen from the store, the same on every install of one seed: from the highest company numbers down (the UK
 * list's namesakes are chosen from the lowest up), the first director whose company has no party sharing a surname
 * with any of the UK list's namesakes, is not a company they are named after, and has no PSC of the director's
 * surname. Null when the register has none.
 */
export async function demoOfacNamesake(
  em: EntityManager,
  ukCollisions?: readonly DemoSanctionsCollision[],
): Promise<DemoOfacNamesake | null> {
  const knex = knexOf(em);
  const collisions = ukCollisions ?? (await demoSanctionsCollisions(em));
  const avoidCompanies = demoSanctionsCollisionCompanies(collisions);
  const avoidSurnames = new Set(collisions.flatMap(surnamesOf));
  const directors = (await knex('officer_appointments as o')
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
  for (const director of directors) {
    const [surname, forenames] = director.name.split(', ');
    if (!surname || !forenames || avoidCompanies.has(director.company_number)) continue;
    const parties = await partySurnames(em, director.company_number);
    if (parties.all.some((name) => avoidSurnames.has(name))) continue;
    // A director who is also the company's PSC would be screened twice, two matches of one person: the demo shows one.
    if (parties.pscs.includes(surname.toUpperCase())) continue;
    const birth = { year: Number(director.birth_year), month: Number(director.birth_month) };
    return {
      forenames,
      surname: surname.toUpperCase(),
      birth,
      officerName: director.name,
      companyNumber: director.company_number,
      companyName: director.company_name,
      entNum: DEMO_OFAC_NAMESAKE_ENT_NUM,
      note: `on the OFAC list only: same name and birth month and year as director ${director.name} of ${director.company_number}`,
    };
  }
  return null;
}

/** The OFAC designation of the namesake, as the demo lists' writers take one. */
export function ofacNamesakeDesignation(namesake: DemoOfacNamesake, listedOn: string): DemoListDesignation {
  return {
    key: 'ofac-namesake',
    type: 'individual',
    theme: AUTONOMOUS_THEMES[0]![0],
    lists: new Set(['ofac']),
    name: { given: namesake.forenames.split(/\s+/), surname: namesake.surname },
    originalScript: null,
    aliases: [],
    birth: { ...namesake.birth, day: null },
    // Nothing else about the person is listed, so what the matcher weighs is the name and the birth it shares.
    nationality: null,
    address: null,
    listedOn,
    amendedOn: null,
    registrationNumber: null,
    imoNumber: null,
    ship: null,
    un: null,
    eu: { logicalId: 0, referenceNumber: '' },
    ofacEntNum: namesake.entNum,
    remark: 'Demo designation: invented, named like a director of the demo register.',
  };
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
