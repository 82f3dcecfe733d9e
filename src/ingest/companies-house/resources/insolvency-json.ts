import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../../db/entities/company';
import { InsolvencyCaseEntity } from '../../../db/entities/insolvency-case';
import { detailColumnChanges, detailColumnsOf } from '../../../domain/charges/register-row-changes';
import { requireCompanyNumber } from '../../../domain/companies/company-number-argument';
import { ServiceError } from '../../../domain/errors';
import { insolvencyCaseRow } from '../../../domain/insolvency/insolvency-record';
import { companyInsolvencySchema } from '../../../domain/insolvency/insolvency-resource';
import {
  importCompanyResource,
  type ResourceImportContext,
  type ResourceImportOutcome,
} from '../../writers/company-resource-import';
import { readResourceFile, refuseResource } from './resource-file';

/*
 * Insolvency import: the body of GET /company/{n}/insolvency. It replaces the company's cases. Cases present set
 * the register's has_insolvency_history, recorded as the register diff records it (gazette_notice); an empty
 * case list leaves the flag alone, since a history of insolvency does not end.
 */

export async function importInsolvencyJson(
  em: EntityManager,
  companyNumber: string,
  json: unknown,
  context: ResourceImportContext,
  source = 'insolvency JSON',
): Promise<ResourceImportOutcome> {
  const number = requireCompanyNumber(companyNumber, 'company_number');
  const parsed = companyInsolvencySchema.safeParse(json);
  if (!parsed.success) throw refuseResource(source, parsed.error);
  const numbers = new Set<number>();
  // Cases without a number are numbered by their place in the list, as Companies House numbers them.
  const rows = parsed.data.cases.map((item, index) => {
    const caseNumber = item.number ?? index + 1;
    if (numbers.has(caseNumber))
      throw new ServiceError(
        'invalid_argument',
        `${source}: cases.${index}.number: case ${caseNumber} appears twice`,
        {
          source,
          field: `cases.${index}.number`,
        },
      );
    numbers.add(caseNumber);
    return insolvencyCaseRow(number, caseNumber, item);
  });

  return importCompanyResource(em, number, 'insolvency', context, async (tx) => {
    const company = await tx.findOneOrFail(CompanyEntity, { companyNumber: number }, { refresh: true });
    const before = detailColumnsOf(company);
    await tx.nativeDelete(InsolvencyCaseEntity, { companyNumber: number });
    if (rows.length > 0) await tx.insertMany(InsolvencyCaseEntity, rows);
    const hasInsolvencyHistory = before.hasInsolvencyHistory || rows.length > 0;
    if (hasInsolvencyHistory !== before.hasInsolvencyHistory)
      await tx.nativeUpdate(
        CompanyEntity,
        { companyNumber: number },
        { hasInsolvencyHistory, updatedAt: context.detectedAt },
      );
    return detailColumnChanges(number, before, { ...before, hasInsolvencyHistory });
  });
}

export async function importInsolvencyFile(
  em: EntityManager,
  companyNumber: string,
  path: string,
  context: ResourceImportContext,
): Promise<ResourceImportOutcome> {
  return importInsolvencyJson(em, companyNumber, await readResourceFile(path), context, path);
}
