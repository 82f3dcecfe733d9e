import { EntitySchema } from '@mikro-orm/core';

/** That a resource (officers, filing history, …) was imported for a company: later imports record changes. */
export interface CompanyResourceImport {
  companyNumber: string;
  resource: string;
  importedAt: Date;
}

export const CompanyResourceImportEntity = new EntitySchema<CompanyResourceImport>({
  name: 'CompanyResourceImport',
  tableName: 'company_resource_imports',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    resource: { type: 'string', primary: true },
    importedAt: { type: 'datetime', fieldName: 'imported_at' },
  },
});
