import { z } from 'zod';
import { checkWebhookUrl } from '../domain/outbound/address-policy';
import { createDelivery } from '../domain/webhooks/deliveries';
import { testEvent } from '../domain/webhooks/events';
import { ServiceError } from '../domain/errors';
import { startDeliveryWorkflow } from '../temporal/delivery-starter';
import { keyedOperation } from './operation';

export const sendTestWebhook = keyedOperation({
  name: 'send_test_webhook',
  title: 'Send a test webhook',
  description:
    'Sends a signed webhook.test event to `url` at once, through the same signing and sending path as real ' +
    'deliveries: one attempt, never retried. Answers with what the receiver replied.',
  method: 'POST',
  path: '/watchlist/webhooks/test',
  lowestPlan: 'free',
  cost: 1,
  errors: ['webhook_address_refused'],
  input: z
    .object({
      url: z.string().min(1).max(2048),
      standard_webhooks: z
        .boolean()
        .optional()
        .describe('True also sends the Standard Webhooks headers, as an address that opted in gets them'),
    })
    .strict(),
  output: z.object({
    id: z.string(),
    delivered: z.boolean(),
    status_code: z.number().int().nullable(),
    error_class: z.string().nullable(),
    error_message: z.string().nullable(),
    duration_ms: z.number().int(),
    response_body_snippet: z.string().nullable(),
  }),
  async handler(input, { em, account, now, services }) {
    const verdict = checkWebhookUrl(input.url, {
      devAllowedOrigins: services.config.webhookDevAllowedOrigins,
    });
    if (!verdict.ok) {
      throw new ServiceError('webhook_address_refused', verdict.message, {
        rule: verdict.rule,
        url: input.url,
      });
    }
    const event = testEvent(now);
    const delivery = await createDelivery(
      em,
      {
        eventId: event.id,
        accountId: account.id,
        eventType: event.type,
        companyNumber: null,
        alertId: null,
        url: input.url,
        body: JSON.stringify(event),
        maxAttempts: 1,
        standardWebhooks: input.standard_webhooks ?? false,
      },
      now,
    );
    const handle = await startDeliveryWorkflow(
      services.temporal,
      services.config.TEMPORAL_TASK_QUEUE,
      delivery,
    );
    const { lastAttempt } = await handle.result();
    return {
      id: event.id,
      delivered: lastAttempt.delivered,
      status_code: lastAttempt.statusCode ?? null,
      error_class: lastAttempt.errorClass ?? null,
      error_message: lastAttempt.errorMessage ?? null,
      duration_ms: lastAttempt.durationMs,
      response_body_snippet: lastAttempt.responseBodySnippet ?? null,
    };
  },
});
