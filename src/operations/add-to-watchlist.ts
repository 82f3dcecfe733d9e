import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { addToWatchlist as upsertEntry } from '../domain/watchlist/watchlist';
import { toWatchlistEntryView, watchlistEntryViewSchema } from '../domain/watchlist/watchlist-view';
import { requireWebhookAddress } from '../domain/watchlist/webhook-address';
import { alertTypesInput, minSeverityInput } from '../domain/webhooks/alert-routing';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';

export const addToWatchlist = keyedOperation({
  name: 'add_to_watchlist',
  title: 'Watch a company',
  description:
    'Monitors one company outside any list, optionally with its own webhook address, which wins over its ' +
    'lists’ addresses. Adding a company already watched updates its entry: a webhook_url replaces the old one, ' +
    'null clears it, leaving it out keeps it; standard_webhooks (off by default) also ' +
    'signs deliveries to that address the Standard Webhooks way; alert_types and min_severity route ' +
    'only those alerts there (the rest go on to its lists’ addresses, or are listed as not sent). Answers with the entry and whether it was created.',
  method: 'POST',
  path: '/watchlist',
  lowestPlan: 'free',
  cost: 1,
  // not_found: a company the register does not hold.
  errors: ['not_found', 'webhook_address_refused'],
  companyOnDemand: (input) => input.company_number,
  input: z
    .object({
      company_number: companyNumberInput,
      webhook_url: z.string().min(1).max(2048).nullable().optional(),
      standard_webhooks: z
        .boolean()
        .optional()
        .describe(
          'True also sends the Standard Webhooks headers to the company’s own address; leaving it out keeps it',
        ),
      alert_types: alertTypesInput.nullable().optional(),
      min_severity: minSeverityInput.nullable().optional(),
    })
    .strict(),
  output: watchlistEntryViewSchema.extend({
    created: z.boolean().describe('False when the company was already on the watchlist and this updated it'),
  }),
  async handler(input, { em, account, now, services }) {
    const companyNumber = requireCompanyNumber(input.company_number, 'company_number');
    if (typeof input.webhook_url === 'string') {
      requireWebhookAddress(input.webhook_url, services.config.webhookDevAllowedOrigins);
    }
    const { item, created } = await upsertEntry(
      em,
      {
        accountId: account.id,
        companyNumber,
        webhookUrl: input.webhook_url,
        standardWebhooks: input.standard_webhooks,
        alertTypes: input.alert_types,
        minSeverity: input.min_severity,
      },
      now,
    );
    return { ...toWatchlistEntryView(item), created };
  },
});
