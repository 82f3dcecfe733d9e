import { z } from 'zod';
import { chooseSanctionsLists as saveChoice } from '../domain/sanctions/account-sanctions-lists';
import { sanctionsListIdSchema } from '../domain/sanctions/sanctions-lists';
import { sanctionsListsView, sanctionsListsViewSchema } from '../domain/sanctions/sanctions-lists-view';
import { keyedOperation } from './operation';

/** REST only: the spec lists exactly 18 tools; an account's settings are not an agent's to change. */
export const chooseSanctionsLists = keyedOperation({
  name: 'choose_sanctions_lists',
  title: 'Choose the sanctions lists to screen against',
  description:
    'Sets the lists screen_sanctions and run_kyb_check screen this account’s companies against: `lists` names ' +
    'one or more of uk, ofac, eu, un (a list not held yet is screened once it is); null goes back to the ' +
    'default, every list held. Answers as GET /sanctions/lists.',
  method: 'PATCH',
  path: '/account/sanctions-lists',
  lowestPlan: 'starter',
  cost: 1,
  input: z
    .object({
      lists: z
        .array(sanctionsListIdSchema)
        .min(1, 'choose at least one list, or null for every list held')
        .max(4)
        .nullable()
        .describe('The lists to screen against; null: every list held'),
    })
    .strict(),
  output: sanctionsListsViewSchema,
  async handler(input, { em, account }) {
    await saveChoice(em, account.id, input.lists);
    return sanctionsListsView(em, account.id);
  },
});
