import { EntitySchema } from '@mikro-orm/core';

/**
 * A company on a list. The key (list, company) keeps a company on a list once. No foreign key to the register:
 * a register reload must neither be blocked by nor silently empty customers' lists.
 */
export interface ListCompany {
  listId: number;
  companyNumber: string;
  addedAt: Date;
}

export const ListCompanyEntity = new EntitySchema<ListCompany>({
  name: 'ListCompany',
  tableName: 'list_companies',
  properties: {
    listId: { type: 'integer', primary: true, fieldName: 'list_id' },
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    addedAt: { type: 'datetime', fieldName: 'added_at' },
  },
});
