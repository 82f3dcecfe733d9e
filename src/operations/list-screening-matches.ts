import { z } from 'zod';
import { screeningMatchStatuses } from '../db/entities/screening-match';
import { listMatches } from '../domain/sanctions/ongoing/potential-matches';
import {
  potentialMatchViewSchema,
  toPotentialMatchView,
} from '../domain/sanctions/ongoing/potential-match-view';
import { ServiceError } from '../domain/errors';
import { sanctionsListIdSchema } from '../domain/sanctions/sanctions-lists';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';

const cursorSchema = z.object({ i: z.number().int().positive() });

function decodeCursor(cursor: string): number {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).i;
  } catch {
    throw new ServiceError('invalid_argument', 'Invalid argument cursor: not a cursor this API returned', {
      problems: [{ argument: 'cursor', problem: 'not a cursor this API returned' }],
    });
  }
}

const encodeCursor = (id: number) => Buffer.from(JSON.stringify({ i: id })).toString('base64url');

// REST only: the spec's MCP tool table is exact (18 tools), so ongoing screening adds no tool.
export const listScreeningMatches = keyedOperation({
  name: 'list_screening_matches',
  title: 'List potential sanctions matches found by ongoing screening',
  description:
    'Potential matches found when a sanctions list version was re-screened against the account’s monitored ' +
    'companies (on a list or the watchlist), newest first, each with the list version that brought it, the ' +
    'designation, the score and its explanation, and the reviewer’s decision. Filter by list, company_number ' +
    'and status (open, confirmed, false_positive, delisted); page with `cursor` from `next_cursor`.',
  method: 'GET',
  path: '/screening/matches',
  lowestPlan: 'free',
  cost: 1,
  input: z
    .object({
      list: sanctionsListIdSchema.optional().describe('The sanctions list: uk, ofac, eu or un'),
      company_number: companyNumberInput.optional(),
      status: z.enum(screeningMatchStatuses).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      cursor: z.string().min(1).optional(),
    })
    .strict(),
  output: z.object({ matches: z.array(potentialMatchViewSchema), next_cursor: z.string().nullable() }),
  async handler(input, { em, account }) {
    const page = await listMatches(em, {
      accountId: account.id,
      list: input.list,
      companyNumber: input.company_number,
      status: input.status,
      limit: input.limit,
      beforeId: input.cursor ? decodeCursor(input.cursor) : undefined,
    });
    const last = page.items.at(-1);
    return {
      matches: page.items.map(toPotentialMatchView),
      next_cursor: page.hasMore && last ? encodeCursor(Number(last.id)) : null,
    };
  },
});
