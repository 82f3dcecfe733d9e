import { z } from 'zod';
import { ServiceError } from '../domain/errors';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

// PLACEHOLDER: replaced by the real operation while issue 6 is built.
export const getAccounts = keyedOperation({
  name: 'get_accounts',
  title: 'get_accounts',
  description: 'get_accounts (being built)',
  method: 'GET',
  path: '/company/{company_number}/accounts',
  lowestPlan: 'starter',
  cost: 1,
  tool: readOnlyTool,
  input: z.object({}).passthrough(),
  output: z.object({}),
  async handler() {
    throw new ServiceError('unavailable', 'not built yet');
  },
});
