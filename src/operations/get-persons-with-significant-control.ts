import { z } from 'zod';
import { ServiceError } from '../domain/errors';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

// PLACEHOLDER: replaced by the real operation while issue 6 is built.
export const getPersonsWithSignificantControl = keyedOperation({
  name: 'get_persons_with_significant_control',
  title: 'get_persons_with_significant_control',
  description: 'get_persons_with_significant_control (being built)',
  method: 'GET',
  path: '/company/{company_number}/persons-with-significant-control',
  lowestPlan: 'starter',
  cost: 1,
  tool: readOnlyTool,
  input: z.object({}).passthrough(),
  output: z.object({}),
  async handler() {
    throw new ServiceError('unavailable', 'not built yet');
  },
});
