import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import {
  ACCOUNT_ALERTS_DEFAULT_LIMIT,
  ACCOUNT_ALERTS_MAX_LIMIT,
  accountAlertSchema,
  accountAlerts,
} from '../domain/changes/account-alerts';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';

export const getWatchlistAlerts = keyedOperation({
  name: 'get_watchlist_alerts',
  title: 'Get alerts',
  description:
    'The account’s alerts on monitored companies, newest first, each with the fields of its webhook payload and ' +
    'its delivery (null when no webhook address applied). Filter by company_number (the payload’s alerts link ' +
    'does); page with before and limit, passing next_before as before.',
  method: 'GET',
  path: '/watchlist/alerts',
  lowestPlan: 'free',
  cost: 1,
  input: z
    .object({
      company_number: companyNumberInput.optional(),
      before: z.coerce
        .number()
        .int()
        .min(1)
        // Alert ids are 32-bit integers on PostgreSQL; a larger id names no alert.
        .max(2_147_483_647)
        .optional()
        .describe('An alert id: only older alerts; next_before from the previous page'),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(ACCOUNT_ALERTS_MAX_LIMIT)
        .default(ACCOUNT_ALERTS_DEFAULT_LIMIT),
    })
    .strict(),
  output: z.object({
    alerts: z.array(accountAlertSchema),
    next_before: z.number().int().nullable().describe('The next page’s before; null on the last page'),
  }),
  async handler(input, { em, account, services }) {
    const page = await accountAlerts(
      em,
      {
        accountId: account.id,
        companyNumber:
          input.company_number === undefined
            ? undefined
            : requireCompanyNumber(input.company_number, 'company_number'),
        before: input.before,
        limit: input.limit,
      },
      services.config.PUBLIC_BASE_URL,
    );
    return { alerts: page.items, next_before: page.nextBefore };
  },
});
