import { z } from 'zod';
import { decideMatch, matchDecisions } from '../domain/sanctions/ongoing/potential-matches';
import {
  potentialMatchViewSchema,
  toPotentialMatchView,
} from '../domain/sanctions/ongoing/potential-match-view';
import { keyedOperation } from './operation';
import { trimmedText } from './trimmed-text';

// REST only, as list_screening_matches: the spec's MCP tool table is exact.
export const decideScreeningMatch = keyedOperation({
  name: 'decide_screening_match',
  title: 'Record a decision on a potential sanctions match',
  description:
    'Records the reviewer’s decision on a potential match of ongoing screening: confirmed (the subject is the ' +
    'designated party) or false_positive (not them), with an optional note (up to 2,000 characters). A later ' +
    'decision replaces the earlier one. Another account’s match is a 404; a delisted match (its designation ' +
    'was removed from the list) is a 409. Answers with the match.',
  method: 'POST',
  path: '/screening/matches/{match_id}/decision',
  lowestPlan: 'free',
  cost: 1,
  errors: ['not_found', 'conflict'],
  input: z
    .object({
      match_id: z.coerce
        .number()
        .int()
        .min(1)
        .max(2_147_483_647)
        .describe('The potential match’s id, from GET /screening/matches'),
      decision: z.enum(matchDecisions),
      note: trimmedText(1, 2000).nullable().optional().describe('Why: 1 to 2,000 characters'),
    })
    .strict(),
  output: potentialMatchViewSchema,
  async handler(input, { em, account, now }) {
    return toPotentialMatchView(
      await decideMatch(em, {
        accountId: account.id,
        id: input.match_id,
        decision: input.decision,
        note: input.note ?? null,
        now,
      }),
    );
  },
});
