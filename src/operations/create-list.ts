import { z } from 'zod';
import { createList as insertList } from '../domain/lists/lists';
import { toListView } from '../domain/lists/list-summaries';
import { listKindSchema, listViewSchema } from '../domain/lists/list-view';
import { keyedOperation } from './operation';
import { trimmedText } from './trimmed-text';

export const createList = keyedOperation({
  name: 'create_list',
  title: 'Create a company list',
  description:
    'Creates a named list of companies of one kind: clients, suppliers, portfolio or prospects. Names are unique ' +
    'in the account, whatever their case. Add companies with add_companies_to_list to monitor them.',
  method: 'POST',
  path: '/lists',
  successStatus: 201,
  lowestPlan: 'free',
  cost: 1,
  // A list of that name (in any case) already exists in the account.
  errors: ['conflict'],
  tool: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z
    .object({
      name: trimmedText(1, 100).describe('1 to 100 characters, unique in the account'),
      kind: listKindSchema,
    })
    .strict(),
  output: listViewSchema,
  async handler(input, { em, account, now }) {
    return toListView(await insertList(em, { accountId: account.id, ...input }, now));
  },
});
