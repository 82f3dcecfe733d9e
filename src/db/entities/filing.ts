import { EntitySchema } from '@mikro-orm/core';

/**
 * One filing in a company's filing history, as Companies House's filing history item holds it (domain/filings
 * maps it both ways). `descriptionCode` is the API's description key (e.g. `accounts-with-accounts-type-full`),
 * `descriptionValues` its JSON values; `details` keeps the rest (links, associated and resolution parts).
 */
export interface Filing {
  companyNumber: string;
  transactionId: string;
  category: string;
  subcategory: string | null;
  type: string;
  date: string;
  actionDate: string | null;
  descriptionCode: string;
  descriptionValues: string;
  pages: number | null;
  barcode: string | null;
  paperFiled: boolean;
  details: string;
}

export const FilingEntity = new EntitySchema<Filing>({
  name: 'Filing',
  tableName: 'filings',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    transactionId: { type: 'string', primary: true, fieldName: 'transaction_id' },
    category: { type: 'string' },
    subcategory: { type: 'string', nullable: true },
    type: { type: 'string' },
    date: { type: 'string' },
    actionDate: { type: 'string', fieldName: 'action_date', nullable: true },
    descriptionCode: { type: 'text', fieldName: 'description_code' },
    descriptionValues: { type: 'text', fieldName: 'description_values' },
    pages: { type: 'integer', nullable: true },
    barcode: { type: 'string', nullable: true },
    paperFiled: { type: 'boolean', fieldName: 'paper_filed' },
    details: { type: 'text' },
  },
});
