import { z } from 'zod';
import { sanctionsListsView, sanctionsListsViewSchema } from '../domain/sanctions/sanctions-lists-view';
import { keyedOperation } from './operation';

/** REST only: the spec lists exactly 18 tools, and screen_sanctions itself names the lists it screened. */
export const getSanctionsLists = keyedOperation({
  name: 'get_sanctions_lists',
  title: 'Get the sanctions lists',
  description:
    'Every official sanctions list this service can hold (UK, OFAC SDN, EU, UN), each with the version held ' +
    'now (publication date, SHA-256, designations, what it added, amended and removed) or null when none is ' +
    'held, and whether this account’s screens use it. `chosen` is the account’s choice, null when it has made ' +
    'none (every list held is screened).',
  method: 'GET',
  path: '/sanctions/lists',
  lowestPlan: 'free',
  cost: 1,
  input: z.object({}).strict(),
  output: sanctionsListsViewSchema,
  async handler(_input, { em, account }) {
    return sanctionsListsView(em, account.id);
  },
});
