import { z } from 'zod';
import { listsOfAccount } from '../domain/lists/lists';
import { listViews } from '../domain/lists/list-summaries';
import { listViewSchema } from '../domain/lists/list-view';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

export const getLists = keyedOperation({
  name: 'get_lists',
  title: 'Get the account’s lists',
  description:
    'The account’s company lists, oldest first, each with its company count, how many of its companies have ' +
    'accounts or a confirmation statement overdue today, its alert count (every alert the account has had on ' +
    'the companies now on it), how many of its companies have each health grade (A–E, and unscored), and its ' +
    'webhook settings. Read a list’s companies, filtered or sorted by health, with get_list_companies.',
  method: 'GET',
  path: '/lists',
  lowestPlan: 'free',
  cost: 1,
  tool: readOnlyTool,
  input: z.object({}).strict(),
  output: z.object({ lists: z.array(listViewSchema) }),
  async handler(_input, { em, account, now }) {
    return { lists: await listViews(em, account.id, await listsOfAccount(em, account.id), now) };
  },
});
