import { z } from 'zod';
import { updateListWebhook } from '../domain/lists/list-webhook';
import { listViews } from '../domain/lists/list-summaries';
import { listIdSchema, listViewSchema } from '../domain/lists/list-view';
import { keyedOperation } from './operation';

export const updateList = keyedOperation({
  name: 'update_list',
  title: 'Set a list’s webhook',
  description:
    'Sets where the list’s changes are sent: webhook_url (a public https address on port 443; null clears it ' +
    'and turns sending off) and alert_webhook (true turns sending on; needs a webhook_url). Answers with the list.',
  method: 'PATCH',
  path: '/lists/{list_id}',
  lowestPlan: 'free',
  cost: 1,
  errors: ['webhook_address_refused'],
  input: z
    .object({
      list_id: listIdSchema,
      webhook_url: z.string().min(1).max(2048).nullable().optional(),
      alert_webhook: z.boolean().optional(),
    })
    .strict()
    .refine((body) => body.webhook_url !== undefined || body.alert_webhook !== undefined, {
      message: 'give webhook_url, alert_webhook or both',
      path: ['webhook_url'],
    }),
  output: listViewSchema,
  async handler(input, { em, account, now, services }) {
    const list = await updateListWebhook(
      em,
      account.id,
      input.list_id,
      { webhookUrl: input.webhook_url, alertWebhook: input.alert_webhook },
      { devAllowedOrigins: services.config.webhookDevAllowedOrigins, now },
    );
    const [view] = await listViews(em, account.id, [list], now);
    return view!;
  },
});
