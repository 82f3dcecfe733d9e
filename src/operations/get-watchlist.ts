import { z } from 'zod';
import { watchlistPage } from '../domain/watchlist/watchlist';
import { toWatchlistEntryView, watchlistEntryViewSchema } from '../domain/watchlist/watchlist-view';
import { keyedOperation } from './operation';

export const getWatchlist = keyedOperation({
  name: 'get_watchlist',
  title: 'Get the watchlist',
  description:
    'Companies the account watches one by one, newest first, with name, status and own webhook address; page ' +
    'with limit and offset.',
  method: 'GET',
  path: '/watchlist',
  lowestPlan: 'free',
  cost: 1,
  input: z
    .object({
      limit: z.coerce.number().int().min(1).max(100).default(50),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict(),
  output: z.object({
    items: z.array(watchlistEntryViewSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
  }),
  async handler(input, { em, account }) {
    const page = await watchlistPage(em, account.id, input);
    const end = input.offset + page.items.length;
    return {
      items: page.items.map(toWatchlistEntryView),
      total: page.total,
      limit: input.limit,
      offset: input.offset,
      next_offset: end < page.total ? end : null,
    };
  },
});
