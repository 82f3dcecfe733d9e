import { z } from 'zod';
import { companyNumberSchema } from '../domain/companies/company-number';
import { getListOfAccount } from '../domain/lists/lists';
import { removeCompanyFromList as removeFromList } from '../domain/lists/list-membership';
import { listIdSchema } from '../domain/lists/list-view';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';

export const removeCompanyFromList = keyedOperation({
  name: 'remove_company_from_list',
  title: 'Remove a company from a list',
  description:
    'Takes one company off a list; it is no longer monitored through that list. 404 when it is not on the list.',
  method: 'DELETE',
  path: '/lists/{list_id}/companies/{company_number}',
  lowestPlan: 'free',
  cost: 1,
  input: z.object({ list_id: listIdSchema, company_number: companyNumberInput }).strict(),
  output: z.object({
    list_id: z.number().int(),
    company_number: companyNumberSchema,
    removed: z.literal(true),
  }),
  async handler(input, { em, account }) {
    const companyNumber = requireCompanyNumber(input.company_number, 'company_number');
    const list = await getListOfAccount(em, account.id, input.list_id);
    await removeFromList(em, list.id, companyNumber);
    return { list_id: list.id, company_number: companyNumber, removed: true as const };
  },
});
