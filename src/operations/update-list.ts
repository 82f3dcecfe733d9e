import { z } from 'zod';
import { updateList as saveListChange } from '../domain/lists/list-update';
import { listViews } from '../domain/lists/list-summaries';
import { listIdSchema, listViewSchema } from '../domain/lists/list-view';
import { alertTypesInput, minSeverityInput } from '../domain/webhooks/alert-routing';
import { createList } from './create-list';
import { keyedOperation } from './operation';

export const updateList = keyedOperation({
  name: 'update_list',
  title: 'Rename a list or set its webhook',
  description:
    'Renames a list (name: 1 to 100 characters, unique in the account whatever its case, as in create_list) ' +
    'and sets where its changes are sent: webhook_url (a public https address on port 443; null clears it and ' +
    'turns sending off), alert_webhook (true turns sending on; needs a webhook_url), sanctions_alerts (true ' +
    'also sends sanctions.potential_match events of ongoing screening there; needs a webhook_url; off by ' +
    'default) and standard_webhooks (true also signs every delivery there the Standard Webhooks way; needs a ' +
    'webhook_url; off by default), alert_types and min_severity (routing: only alerts of these types, ' +
    'at this severity or above, go to webhook_url; the rest are recorded and listed as not sent). Give any of them; all are saved or none. Answers with the list.',
  method: 'PATCH',
  path: '/lists/{list_id}',
  lowestPlan: 'free',
  cost: 1,
  // A refused webhook address; a name another list of the account has (in any case).
  errors: ['webhook_address_refused', 'conflict'],
  input: z
    .object({
      list_id: listIdSchema,
      // The same rule as at creation: one schema, so the two cannot drift apart.
      name: createList.input.shape.name.optional(),
      webhook_url: z
        .string()
        .min(1)
        .max(2048)
        .nullable()
        .optional()
        .describe('Where the list’s changes are sent; null clears it and turns sending off'),
      alert_webhook: z.boolean().optional().describe('True sends the list’s changes to webhook_url'),
      sanctions_alerts: z
        .boolean()
        .optional()
        .describe(
          'True also sends sanctions.potential_match events (ongoing screening) for the list’s companies to ' +
            'webhook_url; needs a webhook_url. Off by default',
        ),
      standard_webhooks: z
        .boolean()
        .optional()
        .describe(
          'True also sends the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) ' +
            'with every delivery to webhook_url; needs a webhook_url. Off by default',
        ),
      alert_types: alertTypesInput.nullable().optional(),
      min_severity: minSeverityInput.nullable().optional(),
    })
    .strict()
    .refine(
      (body) =>
        body.name !== undefined ||
        body.webhook_url !== undefined ||
        body.alert_webhook !== undefined ||
        body.sanctions_alerts !== undefined ||
        body.standard_webhooks !== undefined ||
        body.alert_types !== undefined ||
        body.min_severity !== undefined,
      {
        message:
          'give name, webhook_url, alert_webhook, sanctions_alerts, standard_webhooks, alert_types or ' +
          'min_severity (one or more)',
        path: ['webhook_url'],
      },
    ),
  output: listViewSchema,
  async handler(input, { em, account, now, services }) {
    const list = await saveListChange(
      em,
      account.id,
      input.list_id,
      {
        name: input.name,
        webhookUrl: input.webhook_url,
        alertWebhook: input.alert_webhook,
        sanctionsAlerts: input.sanctions_alerts,
        standardWebhooks: input.standard_webhooks,
        alertTypes: input.alert_types,
        minSeverity: input.min_severity,
      },
      { devAllowedOrigins: services.config.webhookDevAllowedOrigins, now },
    );
    const [view] = await listViews(em, account.id, [list], now);
    return view!;
  },
});
