import { z } from 'zod';
import { companyNumberSchema } from '../domain/companies/company-number';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { removeFromWatchlist as removeEntry } from '../domain/watchlist/watchlist';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';

export const removeFromWatchlist = keyedOperation({
  name: 'remove_from_watchlist',
  title: 'Stop watching a company',
  description:
    'Takes a company off the watchlist; it stays monitored through any list holding it. 404 when it is not ' +
    'on the watchlist.',
  method: 'DELETE',
  path: '/watchlist/{company_number}',
  lowestPlan: 'free',
  cost: 1,
  input: z.object({ company_number: companyNumberInput }).strict(),
  output: z.object({ company_number: companyNumberSchema, removed: z.literal(true) }),
  async handler(input, { em, account }) {
    const companyNumber = requireCompanyNumber(input.company_number, 'company_number');
    await removeEntry(em, account.id, companyNumber);
    return { company_number: companyNumber, removed: true as const };
  },
});
