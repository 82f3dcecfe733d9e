import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { CompanyEntity } from '../../db/entities/company';
import { notFound } from '../errors';
import {
  identityVerificationView,
  identityVerificationViewSchema,
} from '../identity-verification/identity-verification';
import { describeNatureOfControl } from './natures-of-control';
import {
  isStatementRow,
  pscAddressKeys,
  pscIdentificationKeys,
  type PscAddress,
  type PscIdentification,
  type PscRow,
} from './psc-item';
import { isCorporatePsc, pscCategories, pscCategoryOf } from './psc-kinds';
import { readPscRows } from './psc-set';
import { describePscStatement } from './psc-statements';
import { companiesOnRegister, ukCompanyNumberOf } from './registered-company';

/* A company's register of persons with significant control as get_persons_with_significant_control answers it. */

export const pscStatuses = ['active', 'ceased'] as const;
export type PscStatus = (typeof pscStatuses)[number];

const nullableText = z.string().nullable();

export const pscEntrySchema = z.object({
  psc_id: z.string().describe('Companies House’s id of the entry (the end of its links.self)'),
  kind: z.string().describe('Companies House’s kind, e.g. individual-person-with-significant-control'),
  category: z
    .enum(pscCategories)
    .describe('The kind reduced to a category; other_registrable_person for new kinds'),
  name: nullableText.describe('As registered; null for super-secure entries, whose details are withheld'),
  date_of_birth: z
    .object({ month: z.number().int(), year: z.number().int() })
    .nullable()
    .describe('Month and year only, as the public register shows it; null for entities'),
  nationality: nullableText,
  country_of_residence: nullableText,
  address: z
    .object(
      Object.fromEntries(pscAddressKeys.map((key) => [key, nullableText])) as Record<
        (typeof pscAddressKeys)[number],
        typeof nullableText
      >,
    )
    .nullable()
    .describe('Service address'),
  identification: z
    .object(
      Object.fromEntries(pscIdentificationKeys.map((key) => [key, nullableText])) as Record<
        (typeof pscIdentificationKeys)[number],
        typeof nullableText
      >,
    )
    .nullable()
    .describe('How a legal or corporate entity is registered; null for people'),
  natures_of_control: z
    .array(z.object({ code: z.string(), description: z.string() }))
    .describe('How control is held: Companies House’s code and plain-English words'),
  notified_on: nullableText.describe('YYYY-MM-DD'),
  ceased_on: nullableText.describe('YYYY-MM-DD; null while active'),
  is_active: z.boolean(),
  identity_verification: identityVerificationViewSchema,
  registered_company_number: nullableText.describe(
    'For a UK-registered corporate PSC that is a company on this register: its company number, to follow the ownership chain with another call; otherwise null',
  ),
});

export const pscStatementSchema = z.object({
  statement: z.string().describe('Companies House’s statement code (their spelling)'),
  description: z.string(),
  notified_on: nullableText.describe('YYYY-MM-DD'),
  ceased_on: nullableText.describe('YYYY-MM-DD when withdrawn; null while it stands'),
  is_active: z.boolean(),
});

export const pscRegisterSchema = z.object({
  company_number: z.string(),
  active_count: z
    .number()
    .int()
    .describe('Active persons with significant control, whatever the status filter'),
  ceased_count: z
    .number()
    .int()
    .describe('Ceased persons with significant control, whatever the status filter'),
  items: z.array(pscEntrySchema),
  statements: z.array(pscStatementSchema),
});

export type PscEntry = z.infer<typeof pscEntrySchema>;
export type PscRegister = z.infer<typeof pscRegisterSchema>;

function details(row: PscRow): Record<string, unknown> {
  return JSON.parse(row.details) as Record<string, unknown>;
}

/** Super-secure entries say `ceased: true` instead of giving a date. */
function isActive(row: PscRow): boolean {
  return row.ceasedOn === null && details(row).ceased !== true;
}

/** Active first, then newest notified first; name and id keep the order stable. */
function byRegisterOrder(a: PscRow, b: PscRow): number {
  return (
    Number(isActive(b)) - Number(isActive(a)) ||
    (b.notifiedOn ?? '').localeCompare(a.notifiedOn ?? '') ||
    (a.name ?? '').localeCompare(b.name ?? '') ||
    a.pscId.localeCompare(b.pscId)
  );
}

function parsed<T>(json: string | null): T | null {
  return json === null ? null : (JSON.parse(json) as T);
}

function entryOf(row: PscRow, onRegister: ReadonlySet<string>): PscEntry {
  const identification = parsed<PscIdentification>(row.identification);
  const chained = isCorporatePsc(row.kind) ? ukCompanyNumberOf(identification) : null;
  return {
    psc_id: row.pscId,
    kind: row.kind,
    category: pscCategoryOf(row.kind),
    name: row.name,
    date_of_birth:
      row.birthYear === null || row.birthMonth === null
        ? null
        : { month: row.birthMonth, year: row.birthYear },
    nationality: row.nationality,
    country_of_residence: row.countryOfResidence,
    address: parsed<PscAddress>(row.address),
    identification,
    natures_of_control: (JSON.parse(row.naturesOfControl) as string[]).map((code) => ({
      code,
      description: describeNatureOfControl(code),
    })),
    notified_on: row.notifiedOn,
    ceased_on: row.ceasedOn,
    is_active: isActive(row),
    identity_verification: identityVerificationView(row.identityVerification),
    registered_company_number: chained !== null && onRegister.has(chained) ? chained : null,
  };
}

export async function readPscRegister(
  em: EntityManager,
  companyNumber: string,
  status?: PscStatus,
): Promise<PscRegister> {
  const company = await em.findOne(CompanyEntity, { companyNumber }, { fields: ['companyNumber'] });
  if (company === null) throw notFound('Company', { company_number: companyNumber });
  const rows = (await readPscRows(em, companyNumber)).sort(byRegisterOrder);
  const people = rows.filter((row) => !isStatementRow(row));
  const shown = (row: PscRow) => status === undefined || (status === 'active') === isActive(row);
  const candidates = people
    .filter((row) => isCorporatePsc(row.kind))
    .map((row) => ukCompanyNumberOf(parsed<PscIdentification>(row.identification)))
    .filter((number): number is string => number !== null);
  const onRegister = await companiesOnRegister(em, candidates);
  const active = people.filter(isActive).length;
  return {
    company_number: companyNumber,
    active_count: active,
    ceased_count: people.length - active,
    items: people.filter(shown).map((row) => entryOf(row, onRegister)),
    statements: rows
      .filter((row) => isStatementRow(row) && shown(row))
      .map((row) => {
        const linked = details(row).linked_psc_name;
        return {
          statement: row.statement ?? '',
          description: describePscStatement(row.statement ?? '', typeof linked === 'string' ? linked : null),
          notified_on: row.notifiedOn,
          ceased_on: row.ceasedOn,
          is_active: isActive(row),
        };
      }),
  };
}
