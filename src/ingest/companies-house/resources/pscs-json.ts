import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { normaliseCompanyNumber } from '../../../domain/companies/company-number';
import { ServiceError } from '../../../domain/errors';
import {
  describeItemProblems,
  isStatementRow,
  pscItemSchema,
  pscRowFromItem,
} from '../../../domain/pscs/psc-item';
import { replacePscSet, type PscSetPart } from '../../../domain/pscs/psc-set';
import {
  importCompanyResource,
  type ResourceImportContext,
  type ResourceImportOutcome,
} from '../../writers/company-resource-import';

/*
 * The body of GET /company/{n}/persons-with-significant-control (or of .../persons-with-significant-control-
 * statements: the API serves statements as a list of their own) for one company. The list is the company's
 * whole current set of what it carries, so it replaces that part; a list of people leaves the statements alone
 * and the other way round. Any bad item refuses the whole body: nothing is written for the company.
 */

const listSchema = z.looseObject({ kind: z.string().nullish(), items: z.array(z.unknown()) });

function refuse(companyNumber: string, message: string, details: Record<string, unknown> = {}): never {
  throw new ServiceError(
    'invalid_argument',
    `persons with significant control of ${companyNumber}: ${message}`,
    { company_number: companyNumber, ...details },
  );
}

function partOf(kind: string | null | undefined, statements: number, people: number): PscSetPart {
  if (statements > 0 && people > 0) return 'all';
  if (statements > 0) return 'statements';
  if (people > 0) return 'people';
  return kind?.includes('statement') ? 'statements' : 'people';
}

export async function importPscsJson(
  em: EntityManager,
  companyNumber: string,
  json: unknown,
  context: ResourceImportContext,
): Promise<ResourceImportOutcome> {
  const number = normaliseCompanyNumber(companyNumber);
  if (!number.ok) throw new ServiceError(number.code, number.message, { company_number: companyNumber });
  let body = json;
  if (typeof json === 'string') {
    try {
      body = JSON.parse(json) as unknown;
    } catch (error) {
      refuse(number.companyNumber, `not JSON (${(error as Error).message})`);
    }
  }
  const list = listSchema.safeParse(body);
  if (!list.success)
    refuse(number.companyNumber, describeItemProblems(list.error, 'body'), { field: 'items' });
  const rows = list.data.items.map((raw, index) => {
    const item = pscItemSchema.safeParse(raw);
    if (!item.success)
      refuse(number.companyNumber, describeItemProblems(item.error, `items[${index}]`), { item: index });
    return pscRowFromItem(number.companyNumber, item.data);
  });
  const statements = rows.filter(isStatementRow).length;
  const part = partOf(list.data.kind, statements, rows.length - statements);
  return importCompanyResource(em, number.companyNumber, 'persons_with_significant_control', context, (tx) =>
    replacePscSet(tx, number.companyNumber, rows, part),
  );
}
