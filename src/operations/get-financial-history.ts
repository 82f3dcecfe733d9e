import { z } from 'zod';
import { ServiceError } from '../domain/errors';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

// PLACEHOLDER: replaced by the real operation while issue 6 is built.
export const getFinancialHistory = keyedOperation({
  name: 'get_financial_history',
  title: 'get_financial_history',
  description: 'get_financial_history (being built)',
  method: 'GET',
  path: '/company/{company_number}/financial-history',
  lowestPlan: 'starter',
  cost: 1,
  tool: readOnlyTool,
  input: z.object({}).passthrough(),
  output: z.object({}),
  async handler() {
    throw new ServiceError('unavailable', 'not built yet');
  },
});
