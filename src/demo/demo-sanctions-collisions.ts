import type { EntityManager } from '@mikro-orm/core';
import { knexOf } from '../domain/companies/register-sql';
import { explainPair } from '../domain/sanctions/matching/match-subject';

/** A designation the demo list names like a party of the demo register, so screening the demo finds it. */
export type DemoSanctionsCollision =
  | {
      kind: 'person';
      forenames: string;
      surname: string;
      /** Written as D.O.B "00/MM/YYYY"; null: no date of birth listed. */
      birth: { year: number; month: number } | null;
      /** `cyrillic`: the Latin names are invented and only a Cyrillic-script alias spells this name. */
      script?: 'latin' | 'cyrillic';
      /** The demo company whose party this is named like. */
      companyNumber?: string;
      note?: string;
    }
  | { kind: 'entity'; name: string; companyNumber?: string; note?: string }
  /** An entity listed under another name, whose "Business registration number (s)" names a demo company. */
  | {
      kind: 'registered_entity';
      name: string;
      registrationNumbers: string;
      companyNumber?: string;
      note?: string;
    }
  /** An invented individual with these "Low quality" aliases (Name 1 … 5 the forenames, Name 6 the surname). */
  | {
      kind: 'weak_aliases';
      aliases: { forenames: string; surname: string }[];
      /** Of each alias, the officer it is near: exact, or one letter off. */
      officers?: { name: string; companyNumber: string; exact: boolean }[];
      note?: string;
    };

/** Listed under a name no company of the demo register is near: only the number can find it. */
export const DEMO_REGISTERED_ENTITY_NAME = 'OOO VOSTOCHNY PROMYSHLENNY KONTSERN';

interface StoredOfficer {
  company_number: string;
  name: string;
  birth_year: number;
  birth_month: number;
}

const LEGAL_SUFFIX = /\s+(LIMITED|LTD\.?|PLC|LLP|PUBLIC LIMITED COMPANY|CIC)$/i;

/**
 * The collisions the embedded default seeds, chosen from the demo register in the store so that screening the
 * demo finds them whatever the seed: the first current director of an active company under a designated name
 * with the same birth month and year; another under a designated name with a different birth year; an active
 * company named like a designated entity but for its legal form (LIMITED → LLC); a person with significant
 * control whose name a designation carries only as a Cyrillic-script alias; an active company whose number an
 * entity listed under another name publishes as its registration number; and an individual with two low-quality
 * aliases: a third director's name exactly, and a fourth director's with one letter doubled (which a good-quality
 * alias would match, checked here so the demo keeps showing the difference).
 */
export async function demoSanctionsCollisions(em: EntityManager): Promise<DemoSanctionsCollision[]> {
  const knex = knexOf(em);
  const officers = (await knex('officer_appointments as o')
    .join('companies as c', 'c.company_number', 'o.company_number')
    .where({ 'c.company_status': 'active', 'o.officer_role': 'director' })
    .whereNull('o.resigned_on')
    .whereNotNull('o.birth_year')
    .whereNotNull('o.birth_month')
    .orderBy(['o.company_number', 'o.appointment_id'])
    .limit(50)
    .select('o.company_number', 'o.name', 'o.birth_year', 'o.birth_month')) as StoredOfficer[];
  const collisions: DemoSanctionsCollision[] = [];
  const used = new Set<string>();
  for (const officer of officers) {
    const [surname, forenames] = officer.name.split(', ');
    if (!surname || !forenames || used.has(surname)) continue;
    used.add(surname);
    const sameBirth = collisions.length === 0;
    collisions.push({
      kind: 'person',
      forenames,
      surname,
      birth: {
        year: Number(officer.birth_year) + (sameBirth ? 0 : 7),
        month: Number(officer.birth_month),
      },
      companyNumber: officer.company_number,
      note: `${sameBirth ? 'same birth month and year as' : 'born seven years after'} director ${officer.name} of ${officer.company_number}`,
    });
    if (collisions.length === 2) break;
  }
  const company = (await knex('companies')
    .where({ company_status: 'active' })
    .whereRaw(`upper(company_name) like '%LIMITED'`)
    .orderBy('company_number')
    .offset(2)
    .first('company_number', 'company_name')) as { company_number: string; company_name: string } | undefined;
  if (company)
    collisions.push({
      kind: 'entity',
      name: `${company.company_name.replace(LEGAL_SUFFIX, '')} LLC`,
      companyNumber: company.company_number,
      note: `named like company ${company.company_number} ${company.company_name}`,
    });
  const psc = (await knex('persons_with_significant_control')
    .where({ kind: 'individual-person-with-significant-control' })
    .whereNull('ceased_on')
    .whereNotNull('name')
    .orderBy(['company_number', 'psc_id'])
    .limit(50)
    .select('company_number', 'name')) as { company_number: string; name: string }[];
  for (const row of psc) {
    const words = row.name.split(' ').filter((word) => !/^(Mr|Mrs|Ms|Miss|Dr)$/.test(word));
    const surname = words.at(-1)!.toUpperCase();
    if (words.length < 2 || used.has(surname)) continue;
    collisions.push({
      kind: 'person',
      forenames: words[0]!,
      surname,
      birth: null,
      script: 'cyrillic',
      companyNumber: row.company_number,
      note: `Cyrillic alias of person with significant control ${row.name} of ${row.company_number}`,
    });
    break;
  }
  const registered = (await knex('companies')
    .where({ company_status: 'active' })
    .orderBy('company_number')
    .offset(4)
    .first('company_number', 'company_name')) as { company_number: string; company_name: string } | undefined;
  if (registered)
    collisions.push({
      kind: 'registered_entity',
      name: DEMO_REGISTERED_ENTITY_NAME,
      // As the list writes a UK company: labelled, the leading zero sometimes lost.
      registrationNumbers: `Company number ${registered.company_number.replace(/^0/, '')}`,
      companyNumber: registered.company_number,
      note: `registration number of company ${registered.company_number} ${registered.company_name}, listed as ${DEMO_REGISTERED_ENTITY_NAME}`,
    });
  const rest = officers.filter((officer) => {
    const surname = officer.name.split(', ')[0];
    return surname !== undefined && !used.has(surname) && officer.name.includes(', ');
  });
  const exact = rest[0];
  const near = rest.find(
    (officer) =>
      officer.name.split(', ')[0] !== exact?.name.split(', ')[0] && nearVariantOf(officer.name) !== null,
  );
  if (exact && near) {
    const aliasOf = (name: string) => {
      const [surname, forenames] = name.split(', ');
      return { forenames: forenames!, surname: surname! };
    };
    collisions.push({
      kind: 'weak_aliases',
      aliases: [aliasOf(exact.name), aliasOf(nearVariantOf(near.name)!)],
      officers: [
        { name: exact.name, companyNumber: exact.company_number, exact: true },
        { name: near.name, companyNumber: near.company_number, exact: false },
      ],
      note: `low-quality aliases: exactly director ${exact.name} of ${exact.company_number}; one letter off director ${near.name} of ${near.company_number} (not matched)`,
    });
  }
  return collisions;
}

/**
 * The officer's name ("SURNAME, Forenames") with one letter of the surname doubled, when a good-quality alias so
 * spelt would match the officer and a low-quality one would not; null otherwise.
 */
function nearVariantOf(name: string): string | null {
  const [surname, forenames] = name.split(', ');
  if (!surname || !forenames || !/^[A-Z]{4,}$/.test(surname)) return null;
  const variant = `${surname.slice(0, 2)}${surname[2]}${surname.slice(2)}, ${forenames}`;
  const subject = { kind: 'person', name, birth: null, nationality: null, countryOfResidence: null } as const;
  const listed = (quality: 'good' | 'low') => ({
    id: 'near',
    type: 'individual' as const,
    names: [{ text: `${forenames} ${variant.split(', ')[0]}`, kind: 'alias' as const, quality }],
    birthDates: [],
    nationalities: [],
    countries: [],
  });
  return explainPair(subject, listed('good')).passed && !explainPair(subject, listed('low')).passed
    ? variant
    : null;
}

/** The demo companies the collisions are named after: screening one of them finds its collision. */
export function demoSanctionsCollisionCompanies(collisions: readonly DemoSanctionsCollision[]): Set<string> {
  const companies = new Set<string>();
  for (const collision of collisions) {
    if (collision.kind === 'weak_aliases')
      for (const officer of collision.officers ?? []) companies.add(officer.companyNumber);
    else if (collision.companyNumber !== undefined) companies.add(collision.companyNumber);
  }
  return companies;
}
