import { z } from 'zod';
import { ServiceError } from '../domain/errors';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

// PLACEHOLDER: replaced by the real operation while issue 6 is built.
export const getFilingHistory = keyedOperation({
  name: 'get_filing_history',
  title: 'get_filing_history',
  description: 'get_filing_history (being built)',
  method: 'GET',
  path: '/company/{company_number}/filing-history',
  lowestPlan: 'starter',
  cost: 1,
  tool: readOnlyTool,
  input: z.object({}).passthrough(),
  output: z.object({}),
  async handler() {
    throw new ServiceError('unavailable', 'not built yet');
  },
});
