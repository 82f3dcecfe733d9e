import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { CompanyFetchEntity, type CompanyFetch } from '../../db/entities/company-fetch';

/*
 * Where the copy of a company the store holds came from. A company fetched live from Companies House says so and
 * when; one that never was came in through the register import (the bulk company file, or the demo register,
 * which is written in that file's format and imported the same way).
 */

export const companyDataSources = [
  'companies_house_api',
  'companies_house_stream',
  'register_import',
] as const;
export type CompanyDataSource = (typeof companyDataSources)[number];

export const companyProvenanceSchema = z.object({
  source: z
    .enum(companyDataSources)
    .describe(
      'Where this copy came from: companies_house_api (fetched live from the Companies House API), ' +
        'companies_house_stream (kept current by its Streaming API) or register_import (the bulk register file)',
    ),
  fetched_at: z.iso
    .datetime()
    .nullable()
    .describe('When it was last fetched live from Companies House (UTC); null when it never was'),
});
export type CompanyProvenance = z.infer<typeof companyProvenanceSchema>;

export async function readCompanyProvenance(
  em: EntityManager,
  companyNumber: string,
): Promise<CompanyProvenance> {
  const fetch = await lastCompanyFetch(em, companyNumber);
  if (fetch === null) return { source: 'register_import', fetched_at: null };
  return { source: fetch.source, fetched_at: fetch.fetchedAt.toISOString() };
}

/** The last live fetch of a company, or null when it never was fetched live. */
export async function lastCompanyFetch(
  em: EntityManager,
  companyNumber: string,
): Promise<CompanyFetch | null> {
  return em.findOne(CompanyFetchEntity, { companyNumber }, { disableIdentityMap: true });
}

/** Records a live fetch of a company, replacing the one before. */
export async function recordCompanyFetch(em: EntityManager, fetch: CompanyFetch): Promise<void> {
  await em.upsert(CompanyFetchEntity, fetch);
}

/**
 * Records a stream event's profile as the company's latest live copy in one statement. Whether its details are
 * whole stays as the last REST fetch left it (false for a company first seen on a stream).
 */
export async function recordStreamCopy(em: EntityManager, companyNumber: string, at: Date): Promise<void> {
  await em.upsert(
    CompanyFetchEntity,
    { companyNumber, source: 'companies_house_stream', fetchedAt: at, complete: false },
    { onConflictFields: ['companyNumber'], onConflictMergeFields: ['source', 'fetchedAt'] },
  );
}
