import type { EntityManager } from '@mikro-orm/core';
import type { OfficerAppointment } from '../../db/entities/officer-appointment';
import { readRows, type ReadParam } from '../../db/read-query';
import { placeholders } from '../companies/register-sql';
import { compareAppointments } from './company-officers';
import type { NameQuery } from './officer-name';
import { narrowingWords } from './officer-name-words';

/*
 * A search by name over the whole officer register (get_officer_appointments). The rows read are narrowed by
 * surname AND a given word (officer_name_words, see officer-name-words.ts), or by surname alone when the query
 * holds no word beside a candidate surname; then every required query word must be a whole word of name_key.
 * Namesakes are kept apart by officer id: the people list says who they are, and each appointment says whose
 * it is. The result is capped rather than paged: a long list of namesakes is narrowed with officer_id or the
 * birth month and year, which is what the caller must do to tell them apart anyway.
 */

export interface OfficerSearch {
  query: NameQuery;
  officerId?: string;
  birthYear?: number;
  birthMonth?: number;
  activeOnly: boolean;
  /** The most appointments returned; the people list holds at most as many people. */
  limit: number;
}

export interface PersonFound {
  officerId: string;
  name: string;
  birthYear: number | null;
  birthMonth: number | null;
  appointments: number;
  activeAppointments: number;
}

export interface AppointmentFound extends OfficerAppointment {
  companyName: string | null;
  companyStatus: string | null;
}

export interface OfficerSearchResult {
  people: PersonFound[];
  totalPeople: number;
  appointments: AppointmentFound[];
  totalAppointments: number;
}

/** LIKE needs no escaping: normalised words are letters and digits only. */
function whereClause(search: OfficerSearch): { where: string; params: ReadParam[] } {
  const conditions = [`a.surname_key in (${placeholders(search.query.surnameKeys.length)})`];
  const params: ReadParam[] = [...search.query.surnameKeys];
  for (const word of search.query.required) {
    conditions.push('a.name_key like ?');
    params.push(`% ${word} %`);
  }
  if (search.officerId !== undefined) {
    conditions.push('a.officer_id = ?');
    params.push(search.officerId);
  }
  if (search.birthYear !== undefined) {
    conditions.push('a.birth_year = ?');
    params.push(search.birthYear);
  }
  if (search.birthMonth !== undefined) {
    conditions.push('a.birth_month = ?');
    params.push(search.birthMonth);
  }
  if (search.activeOnly) conditions.push('a.resigned_on is null');
  return { where: `where ${conditions.join(' and ')}`, params };
}

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const int = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function appointmentFound(row: Row): AppointmentFound {
  return {
    companyNumber: String(row.company_number),
    appointmentId: String(row.appointment_id),
    officerId: String(row.officer_id),
    name: String(row.name),
    surnameKey: String(row.surname_key),
    nameKey: String(row.name_key),
    officerRole: String(row.officer_role),
    appointedOn: text(row.appointed_on),
    resignedOn: text(row.resigned_on),
    birthYear: int(row.birth_year),
    birthMonth: int(row.birth_month),
    nationality: text(row.nationality),
    countryOfResidence: text(row.country_of_residence),
    occupation: text(row.occupation),
    address: String(row.address),
    details: String(row.details),
    identityVerification: text(row.identity_verification),
    companyName: text(row.company_name),
    companyStatus: text(row.company_status),
  };
}

/** People by name, then birth year and month (unknown last), then officer id. */
function comparePeople(a: PersonFound, b: PersonFound): number {
  const unknownLast = (x: number | null, y: number | null) => (x ?? Infinity) - (y ?? Infinity) || 0;
  return (
    a.name.localeCompare(b.name) ||
    unknownLast(a.birthYear, b.birthYear) ||
    unknownLast(a.birthMonth, b.birthMonth) ||
    a.officerId.localeCompare(b.officerId)
  );
}

/** The columns the count and the people list read: never the address or the details. */
const SUMMARY_COLUMNS = [
  'officer_id',
  'name',
  'surname_key',
  'name_key',
  'resigned_on',
  'birth_year',
  'birth_month',
].join(', ');

/**
 * The appointments a search reads, as the table `a` its WHERE then checks: one branch per candidate surname
 * key, through (surname_key, word) for every required word beside the key when the query holds any, else
 * through the surname index. A row has one surname_key, so no row comes from two branches. With officer_id the officer's
 * own index is the narrower way in (a person holds few appointments), so the planner is left to take it.
 */
function candidateRows(search: OfficerSearch, columns: string): { from: string; params: ReadParam[] } {
  if (search.officerId !== undefined) return { from: 'officer_appointments a', params: [] };
  const branches: string[] = [];
  const params: ReadParam[] = [];
  const select = columns
    .split(', ')
    .map((column) => `o.${column}`)
    .join(', ');
  for (const surnameKey of search.query.surnameKeys) {
    const words = narrowingWords(surnameKey, search.query.required);
    if (words.length === 0) {
      branches.push(`select ${select} from officer_appointments o where o.surname_key = ?`);
      params.push(surnameKey);
    } else {
      // Each word's rows are one range of the word index, read without touching the appointments; only
      // appointments under all of them are looked up.
      const found = words
        .map(
          () =>
            'select company_number, appointment_id from officer_name_words where surname_key = ? and word = ?',
        )
        .join(' intersect ');
      branches.push(
        `select ${select} from (${found}) w join officer_appointments o ` +
          'on o.company_number = w.company_number and o.appointment_id = w.appointment_id',
      );
      for (const word of words) params.push(surnameKey, word);
    }
  }
  return { from: `(${branches.join(' union all ')}) a`, params };
}

/** Every column of officer_appointments, in the order the appointments query reads them. */
const APPOINTMENT_COLUMNS = [
  'company_number',
  'appointment_id',
  'officer_id',
  'name',
  'surname_key',
  'name_key',
  'officer_role',
  'appointed_on',
  'resigned_on',
  'birth_year',
  'birth_month',
  'nationality',
  'country_of_residence',
  'occupation',
  'address',
  'details',
  'identity_verification',
].join(', ');

export async function searchOfficers(em: EntityManager, search: OfficerSearch): Promise<OfficerSearchResult> {
  const { where, params: whereParams } = whereClause(search);
  const summary = candidateRows(search, SUMMARY_COLUMNS);
  const from = `from ${summary.from} ${where}`;
  const params = [...summary.params, ...whereParams];
  const [counted] = await readRows<Row>(
    em,
    `select count(*) as appointments, count(distinct a.officer_id) as people ${from}`,
    params,
  );
  const peopleRows = await readRows<Row>(
    em,
    `select a.officer_id, min(a.name) as name, max(a.birth_year) as birth_year, max(a.birth_month) as birth_month,
       count(*) as appointments, sum(case when a.resigned_on is null then 1 else 0 end) as active
     ${from} group by a.officer_id order by a.officer_id limit ?`,
    [...params, search.limit],
  );
  // Grouped by company, so each company's rows arrive together; the cap then cuts between whole rows.
  const whole = candidateRows(search, APPOINTMENT_COLUMNS);
  const appointmentRows = await readRows<Row>(
    em,
    `select a.*, c.company_name, c.company_status
     from ${whole.from} left join companies c on c.company_number = a.company_number ${where}
     order by a.company_number, a.appointment_id limit ?`,
    [...whole.params, ...whereParams, search.limit],
  );
  const people = peopleRows
    .map((row): PersonFound => ({
      officerId: String(row.officer_id),
      name: String(row.name),
      birthYear: int(row.birth_year),
      birthMonth: int(row.birth_month),
      appointments: Number(row.appointments),
      activeAppointments: Number(row.active),
    }))
    .sort(comparePeople);
  return {
    people,
    totalPeople: Number(counted?.people ?? 0),
    appointments: appointmentRows.map(appointmentFound),
    totalAppointments: Number(counted?.appointments ?? 0),
  };
}

export interface CompanyAppointments {
  companyNumber: string;
  companyName: string | null;
  companyStatus: string | null;
  appointments: AppointmentFound[];
}

/** Appointments under their companies: companies in register order, each one's appointments active first. */
export function groupByCompany(appointments: readonly AppointmentFound[]): CompanyAppointments[] {
  const companies = new Map<string, CompanyAppointments>();
  for (const row of appointments) {
    let company = companies.get(row.companyNumber);
    if (!company) {
      company = {
        companyNumber: row.companyNumber,
        companyName: row.companyName,
        companyStatus: row.companyStatus,
        appointments: [],
      };
      companies.set(row.companyNumber, company);
    }
    company.appointments.push(row);
  }
  const grouped = [...companies.values()];
  for (const company of grouped) company.appointments.sort(compareAppointments);
  return grouped;
}
