import { readFile } from 'node:fs/promises';
import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import { FilingEntity } from '../../db/entities/filing';
import { requireCompanyNumber } from '../../domain/companies/company-number-argument';
import { ServiceError } from '../../domain/errors';
import { newFilingChanges } from '../../domain/filings/filing-changes';
import { filingHistoryListSchema } from '../../domain/filings/filing-history-resource';
import { filingRow } from '../../domain/filings/filing-record';
import {
  importCompanyResource,
  type ResourceImportContext,
  type ResourceImportOutcome,
} from './company-resource-import';

/*
 * Filing history import: the body of GET /company/{n}/filing-history. A history only grows, and the API hands
 * it out a page at a time, so an import adds and updates filings by transaction id and never removes one that
 * a page leaves out.
 */

/** The first problem of a resource that fails its schema, naming the source, the item and the field. */
export function refuseResource(source: string, error: z.ZodError): ServiceError {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const where = path.length > 0 ? path.map(String).join('.') : '(document)';
  return new ServiceError('invalid_argument', `${source}: ${where}: ${issue?.message ?? 'invalid'}`, {
    source,
    field: where,
    problems: error.issues.map((i) => ({
      field: i.path.map(String).join('.') || '(document)',
      problem: i.message,
    })),
  });
}

/** A JSON file's parsed content; a missing or malformed file is refused naming it. */
export async function readResourceFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ServiceError('invalid_argument', `${path}: cannot be read (${(error as Error).message})`, {
      source: path,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ServiceError('invalid_argument', `${path}: not JSON (${(error as Error).message})`, {
      source: path,
    });
  }
}

export async function importFilingHistoryJson(
  em: EntityManager,
  companyNumber: string,
  json: unknown,
  context: ResourceImportContext,
  source = 'filing history JSON',
): Promise<ResourceImportOutcome> {
  const number = requireCompanyNumber(companyNumber, 'company_number');
  const parsed = filingHistoryListSchema.safeParse(json);
  if (!parsed.success) throw refuseResource(source, parsed.error);
  const items = parsed.data.items;
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (seen.has(item.transaction_id))
      throw new ServiceError(
        'invalid_argument',
        `${source}: items.${index}.transaction_id: ${item.transaction_id} appears twice`,
        { source, field: `items.${index}.transaction_id` },
      );
    seen.add(item.transaction_id);
  }
  return importCompanyResource(em, number, 'filing_history', context, async (tx) => {
    const held = await tx.find(
      FilingEntity,
      { companyNumber: number, transactionId: { $in: [...seen] } },
      { fields: ['transactionId'] },
    );
    const changes = newFilingChanges(number, new Set(held.map((filing) => filing.transactionId)), items);
    if (items.length > 0)
      await tx.upsertMany(
        FilingEntity,
        items.map((item) => filingRow(number, item)),
      );
    return changes;
  });
}

export async function importFilingHistoryFile(
  em: EntityManager,
  companyNumber: string,
  path: string,
  context: ResourceImportContext,
): Promise<ResourceImportOutcome> {
  return importFilingHistoryJson(em, companyNumber, await readResourceFile(path), context, path);
}
