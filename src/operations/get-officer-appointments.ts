import { z } from 'zod';
import { ServiceError } from '../domain/errors';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

// PLACEHOLDER: replaced by the real operation while issue 6 is built.
export const getOfficerAppointments = keyedOperation({
  name: 'get_officer_appointments',
  title: 'get_officer_appointments',
  description: 'get_officer_appointments (being built)',
  method: 'GET',
  path: '/officers/appointments',
  lowestPlan: 'starter',
  cost: 1,
  tool: readOnlyTool,
  input: z.object({}).passthrough(),
  output: z.object({}),
  async handler() {
    throw new ServiceError('unavailable', 'not built yet');
  },
});
