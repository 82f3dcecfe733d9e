import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { officerNameKeys } from '../officers/officer-name';
import { disqualifiedOfficersById, disqualifiedOfficersBySurname } from './disqualified-officer-store';
import { disqualifiedOfficerView, disqualifiedOfficerViewSchema } from './disqualification-view';

/*
 * Which disqualified officers an appointment is linked to. Companies House gives each officer one id across the
 * officer register (links.officer.appointments) and the disqualified-officers resource is addressed by an officer
 * id too: where the two ids are the same, the link is certain (`officer_id`). Where they are not, a person of the
 * same normalised name (every word, the register's own keys) and the same month and year of birth is linked as
 * *possible* only (`name_and_birth`), with the fields that matched as evidence: namesakes born in the same month
 * exist, and only a person can tell them apart. Corporate officers link by id only (their names are not people's).
 */

export const linkBases = ['officer_id', 'name_and_birth'] as const;

export const disqualificationLinkSchema = z.object({
  basis: z
    .enum(linkBases)
    .describe('officer_id: the same Companies House id (certain); name_and_birth: possible'),
  matched_fields: z
    .array(z.string())
    .describe('What matched: officer_id, or name, birth_month and birth_year'),
  disqualified_officer: disqualifiedOfficerViewSchema,
});
export type DisqualificationLink = z.infer<typeof disqualificationLinkSchema>;

/** What an appointment must say of itself to be linked. */
export interface LinkableAppointment {
  officerId: string;
  name: string;
  birthYear: number | null;
  birthMonth: number | null;
}

/** The links of each appointment, by officer id (appointments of one person share them); none are absent. */
export async function disqualificationLinks(
  em: EntityManager,
  appointments: readonly LinkableAppointment[],
  day: string,
): Promise<Map<string, DisqualificationLink[]>> {
  const links = new Map<string, DisqualificationLink[]>();
  if (appointments.length === 0) return links;
  const byId = await disqualifiedOfficersById(
    em,
    appointments.map((appointment) => appointment.officerId),
  );
  const people = appointments.filter((appointment) => appointment.birthYear !== null);
  const keyed = people.map((appointment) => ({ appointment, keys: officerNameKeys(appointment.name) }));
  const byName = await disqualifiedOfficersBySurname(
    em,
    keyed.map(({ keys }) => keys.surnameKey),
  );
  const add = (officerId: string, link: DisqualificationLink) => {
    const list = links.get(officerId) ?? [];
    if (!list.some((held) => held.disqualified_officer.officer_id === link.disqualified_officer.officer_id))
      list.push(link);
    links.set(officerId, list);
  };
  for (const stored of byId)
    add(stored.officer.officerId, {
      basis: 'officer_id',
      matched_fields: ['officer_id'],
      disqualified_officer: disqualifiedOfficerView(stored, day),
    });
  for (const { appointment, keys } of keyed) {
    for (const stored of byName) {
      const officer = stored.officer;
      if (officer.officerId === appointment.officerId) continue;
      if (officer.surnameKey !== keys.surnameKey || officer.nameKey !== keys.nameKey) continue;
      if (officer.birthYear !== appointment.birthYear || officer.birthMonth !== appointment.birthMonth)
        continue;
      add(appointment.officerId, {
        basis: 'name_and_birth',
        matched_fields: ['name', 'birth_month', 'birth_year'],
        disqualified_officer: disqualifiedOfficerView(stored, day),
      });
    }
  }
  return links;
}
