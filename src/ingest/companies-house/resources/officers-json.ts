import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import { OfficerAppointmentEntity, type OfficerAppointment } from '../../../db/entities/officer-appointment';
import { requireCompanyNumber } from '../../../domain/companies/company-number-argument';
import { ServiceError } from '../../../domain/errors';
import { diffOfficers } from '../../../domain/officers/officer-changes';
import { officerListSchema } from '../../../domain/officers/officer-list-resource';
import { replaceOfficerNameWords } from '../../../domain/officers/officer-name-word-store';
import { appointmentLinks, appointmentRow } from '../../../domain/officers/officer-record';
import {
  importCompanyResource,
  type ResourceImportContext,
  type ResourceImportOutcome,
} from '../../writers/company-resource-import';
import { readResourceFile } from './resource-file';

/*
 * Companies House's officer list (GET /company/{company_number}/officers) into officer_appointments. The list
 * is the company's whole officer register, so it replaces what the store holds. It is checked whole before
 * anything is written: a bad item refuses the list and the company keeps its previous officers.
 */

/** Rows per insert: well under SQLite's bound-parameter limit at 16 columns a row. */
const INSERT_CHUNK = 200;

function refuse(source: string, message: string, details: Record<string, unknown>): never {
  throw new ServiceError('invalid_argument', `${source}: ${message}`, details);
}

function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/** The rows a list holds for the company, or a ServiceError naming the item and field at fault. */
export function officerRows(companyNumber: string, json: unknown, source: string): OfficerAppointment[] {
  const parsed = officerListSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issuePath(issue) || '(list)';
    refuse(source, `${field}: ${issue.message}`, { company_number: companyNumber, field });
  }
  const list = parsed.data;
  // A single page of a longer list would delete every officer past it: only a whole list replaces the store.
  if (list.total_results !== undefined && list.items.length < list.total_results)
    refuse(
      source,
      `holds ${list.items.length} of ${list.total_results} officers (total_results): import the whole list, every page merged`,
      { company_number: companyNumber, field: 'total_results' },
    );
  const seen = new Set<string>();
  return list.items.map((item, index) => {
    const links = appointmentLinks(item)!;
    if (links.companyNumber !== companyNumber)
      refuse(
        source,
        `items[${index}].links.self: an appointment at ${links.companyNumber}, not ${companyNumber}`,
        {
          company_number: companyNumber,
          field: `items[${index}].links.self`,
        },
      );
    if (seen.has(links.appointmentId))
      refuse(source, `items[${index}].links.self: appointment ${links.appointmentId} is listed twice`, {
        company_number: companyNumber,
        field: `items[${index}].links.self`,
      });
    seen.add(links.appointmentId);
    return appointmentRow(companyNumber, item, links);
  });
}

/**
 * Imports one company's officer list (the JSON body of Companies House's officer list resource). The first
 * import is the baseline; later ones record one officer_change per appointment appointed, resigned, changed or
 * removed. Refuses bad input with `invalid_argument` before writing anything.
 */
export async function importOfficersJson(
  em: EntityManager,
  companyNumber: string,
  json: unknown,
  context: ResourceImportContext,
  source = `officers of ${companyNumber}`,
): Promise<ResourceImportOutcome> {
  const number = requireCompanyNumber(companyNumber, 'company_number');
  return replaceCompanyOfficers(em, number, officerRows(number, json, source), context);
}

/** Makes `rows` the company's whole officer register, recording what changed (after its baseline). */
export async function replaceCompanyOfficers(
  em: EntityManager,
  number: string,
  rows: readonly OfficerAppointment[],
  context: ResourceImportContext,
): Promise<ResourceImportOutcome> {
  return importCompanyResource(em, number, 'officers', context, async (tx) => {
    const stored = await tx.find(
      OfficerAppointmentEntity,
      { companyNumber: number },
      { orderBy: { appointmentId: 'asc' }, disableIdentityMap: true },
    );
    await tx.nativeDelete(OfficerAppointmentEntity, { companyNumber: number });
    for (let start = 0; start < rows.length; start += INSERT_CHUNK)
      await tx.insertMany(OfficerAppointmentEntity, rows.slice(start, start + INSERT_CHUNK));
    await replaceOfficerNameWords(tx, stored, rows);
    return diffOfficers(number, stored, rows);
  });
}

/** importOfficersJson for a file holding the officer list's JSON body. */
export async function importOfficersFile(
  em: EntityManager,
  companyNumber: string,
  path: string,
  context: ResourceImportContext,
): Promise<ResourceImportOutcome> {
  const json = await readResourceFile(path);
  return importOfficersJson(em, companyNumber, json, context, path);
}
