import { z } from 'zod';
import { deleteList as removeList } from '../domain/lists/lists';
import { listIdSchema } from '../domain/lists/list-view';
import { keyedOperation } from './operation';

export const deleteList = keyedOperation({
  name: 'delete_list',
  title: 'Delete a list',
  description:
    'Deletes a list and its memberships; the companies stay on the register and on other lists. Deleting the ' +
    'default list is allowed: the next add_companies_to_list without list_id creates a new one.',
  method: 'DELETE',
  path: '/lists/{list_id}',
  lowestPlan: 'free',
  cost: 1,
  input: z.object({ list_id: listIdSchema }).strict(),
  output: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  async handler(input, { em, account }) {
    await removeList(em, account.id, input.list_id);
    return { id: input.list_id, deleted: true as const };
  },
});
