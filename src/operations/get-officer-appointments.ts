import { z } from 'zod';
import { booleanArgument } from '../domain/boolean-argument';
import { companyNumberSchema } from '../domain/companies/company-number';
import {
  disqualificationLinks,
  disqualificationLinkSchema,
} from '../domain/disqualifications/disqualification-links';
import { ServiceError } from '../domain/errors';
import { parseNameQuery } from '../domain/officers/officer-name';
import { appointmentSummary } from '../domain/officers/officer-changes';
import { dateOfBirth } from '../domain/officers/officer-record';
import { groupByCompany, searchOfficers } from '../domain/officers/officer-search';
import { dateOfBirthSchema } from '../domain/officers/officer-view';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';
import { WHITESPACE_CLASS_BODY } from './whitespace-class';

const MAX_LIMIT = 500;

function badArgument(argument: string, problem: string): ServiceError {
  return new ServiceError('invalid_argument', `Invalid argument ${argument}: ${problem}`, {
    problems: [{ argument, problem }],
  });
}

export const getOfficerAppointments = keyedOperation({
  name: 'get_officer_appointments',
  title: 'Find an officer’s appointments',
  description:
    'A person’s appointments at UK companies, grouped by company. The search is by name over the whole officer ' +
    'register ("John Smith", "SMITH, John" and "smith john" find the same people; case, accents, punctuation ' +
    'and titles such as Mr or Dr do not matter; every word given must be in the name), so namesakes come back ' +
    'together: `people` lists each distinct person (officer_id) with month and year of birth and appointment ' +
    'counts, and every appointment names the officer_id it belongs to. Narrow to one person with officer_id ' +
    '(from get_officers or `people`), or tell namesakes apart with birth_year and birth_month; active_only ' +
    'keeps appointments not resigned. At most `limit` appointments (default 100) and as many people come back; ' +
    'truncated is true when more matched, then narrow the search. Each person lists the Companies House ' +
    'disqualifications linked to them (orders and undertakings, with their dates, Act and section and status on ' +
    'the day): by the same officer id, or, as a possible link only, by the same name and month and year of birth ' +
    '(basis and matched_fields say which).',
  method: 'GET',
  path: '/officers/appointments',
  lowestPlan: 'starter',
  cost: 1,
  tool: readOnlyTool,
  input: z
    .object({
      name: z
        .string()
        .max(200)
        .describe('The officer’s name, e.g. "John Smith" or "SMITH, John"; at least 2 letters'),
      officer_id: z
        .string()
        .regex(new RegExp(`^[^/\\u0000${WHITESPACE_CLASS_BODY}]{1,80}$`), 'a Companies House officer id')
        .optional()
        .describe('Only this person (officer_id from get_officers or from people)'),
      birth_year: z.coerce.number().int().min(1800).max(2200).optional(),
      birth_month: z.coerce.number().int().min(1).max(12).optional().describe('1-12; needs birth_year'),
      active_only: booleanArgument.default(false).describe('true: only appointments not resigned'),
      limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(100),
    })
    .strict(),
  output: z.object({
    name_words: z.array(z.string()).describe('The name as searched: normalised words'),
    people: z.array(
      z.object({
        officer_id: z.string(),
        name: z.string(),
        date_of_birth: dateOfBirthSchema,
        appointment_count: z.number().int().describe('Appointments of this person matching the filters'),
        active_appointment_count: z.number().int(),
        disqualifications: z
          .array(disqualificationLinkSchema)
          .describe('Disqualified officers linked to this person; empty when none is held'),
      }),
    ),
    companies: z.array(
      z.object({
        company_number: companyNumberSchema,
        company_name: z.string().nullable(),
        company_status: z.string().nullable(),
        appointments: z.array(
          z.object({
            officer_id: z.string().describe('Whose appointment this is: one of people'),
            appointment_id: z.string(),
            name: z.string(),
            officer_role: z.string(),
            appointed_on: z.iso.date().nullable(),
            resigned_on: z.iso.date().nullable(),
            is_active: z.boolean(),
            date_of_birth: dateOfBirthSchema,
          }),
        ),
      }),
    ),
    total_people: z.number().int(),
    total_appointments: z.number().int(),
    truncated: z.boolean().describe('More people or appointments matched than came back'),
  }),
  async handler(input, { em, now }) {
    const parsed = parseNameQuery(input.name);
    if (!parsed.ok) throw badArgument('name', parsed.problem);
    if (input.birth_month !== undefined && input.birth_year === undefined)
      throw badArgument('birth_month', 'needs birth_year');
    const result = await searchOfficers(em, {
      query: parsed.query,
      officerId: input.officer_id,
      birthYear: input.birth_year,
      birthMonth: input.birth_month,
      activeOnly: input.active_only,
      limit: input.limit,
    });
    const links = await disqualificationLinks(em, result.people, now.toISOString().slice(0, 10));
    return {
      name_words: parsed.query.words,
      people: result.people.map((person) => ({
        officer_id: person.officerId,
        name: person.name,
        date_of_birth: dateOfBirth(person),
        appointment_count: person.appointments,
        active_appointment_count: person.activeAppointments,
        disqualifications: links.get(person.officerId) ?? [],
      })),
      companies: groupByCompany(result.appointments).map((company) => ({
        company_number: company.companyNumber,
        company_name: company.companyName,
        company_status: company.companyStatus,
        appointments: company.appointments.map((row) => ({
          ...appointmentSummary(row),
          is_active: row.resignedOn === null,
          date_of_birth: dateOfBirth(row),
        })),
      })),
      total_people: result.totalPeople,
      total_appointments: result.totalAppointments,
      truncated:
        result.totalPeople > result.people.length || result.totalAppointments > result.appointments.length,
    };
  },
});
