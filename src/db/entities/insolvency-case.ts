import { EntitySchema } from '@mikro-orm/core';

/**
 * One insolvency case of a company, as Companies House's insolvency resource holds it (domain/insolvency maps
 * it both ways). JSON text: `dates` (type and date pairs), `practitioners` and `details` (notes, links).
 */
export interface InsolvencyCase {
  companyNumber: string;
  caseNumber: number;
  type: string;
  dates: string;
  practitioners: string;
  details: string;
}

export const InsolvencyCaseEntity = new EntitySchema<InsolvencyCase>({
  name: 'InsolvencyCase',
  tableName: 'insolvency_cases',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    caseNumber: { type: 'integer', primary: true, fieldName: 'case_number' },
    type: { type: 'string' },
    dates: { type: 'text' },
    practitioners: { type: 'text' },
    details: { type: 'text' },
  },
});
