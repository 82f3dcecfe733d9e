import { EntitySchema } from '@mikro-orm/core';

/** The detail resources of a company, each imported (and baselined) on its own. */
export const companyResources = [
  'officers',
  'persons_with_significant_control',
  'filing_history',
  'charges',
  'insolvency',
  'accounts',
  'exemptions',
] as const;
export type CompanyResource = (typeof companyResources)[number];

/**
 * That a resource (officers, filing history, …) was imported for a company, and when it first was: the run of
 * that first import is the baseline, later runs record changes (ingest/writers/company-resource-import.ts).
 */
export interface CompanyResourceImport {
  companyNumber: string;
  resource: string;
  /** The detectedAt of the first run that imported it (whole, once it is whole). */
  firstImportedAt: Date;
  /**
   * Imported whole (a list, a file, a live fetch) rather than only item by item from stream events: a resource
   * held in part is not held (domain/companies/company-details-held.ts).
   */
  complete: boolean;
}

export const CompanyResourceImportEntity = new EntitySchema<CompanyResourceImport>({
  name: 'CompanyResourceImport',
  tableName: 'company_resource_imports',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    resource: { type: 'string', primary: true },
    firstImportedAt: { type: 'datetime', fieldName: 'first_imported_at' },
    complete: { type: 'boolean' },
  },
});
