import { z } from 'zod';
import { isUniqueViolation } from '../db/unique-violation';
import { ServiceError } from '../domain/errors';
import { redeliveryAnswerForKey } from '../domain/webhooks/redelivery-request';
import { redeliver } from '../temporal/redelivery-starter';
import { deliveryView, toDeliveryView } from './delivery-view';
import { keyedOperation } from './operation';

const output = deliveryView.extend({
  redelivery: z.number().int().describe('Which redelivery of the delivery this is: 1 for the first'),
  workflow_id: z.string().describe('The workflow that sends it: webhook-delivery/<id>/redelivery-<n>'),
});

type Answer = z.infer<typeof output>;

export const redeliverWebhookDelivery = keyedOperation({
  name: 'redeliver_webhook_delivery',
  title: 'Redeliver a webhook delivery',
  description:
    'Sends a delivered or failed delivery again: the same event id and body, signed afresh at send time, ' +
    'recorded as new attempts that continue its numbering, retried on the usual schedule. The delivery is ' +
    'pending until the redelivery ends as delivered or failed. A pending delivery is a 409; another account’s ' +
    'is a 404. Send the Idempotency-Key header to make a retry safe: the same key answers again without a ' +
    'second send.',
  method: 'POST',
  path: '/watchlist/webhooks/deliveries/{id}/redeliver',
  successStatus: 202,
  lowestPlan: 'free',
  cost: 1,
  // unavailable: Temporal refused the start (the claim is undone).
  errors: ['not_found', 'conflict', 'unavailable'],
  input: z.object({ id: z.string().min(1).max(80) }).strict(),
  output,
  async replay(input, { em, account, idempotencyKey }) {
    if (idempotencyKey === undefined) return undefined;
    return (await redeliveryAnswerForKey(em, account.id, idempotencyKey, input.id)) as Answer | undefined;
  },
  async handler(input, { em, account, now, services, idempotencyKey }) {
    const context = { em, client: services.temporal, taskQueue: services.config.TEMPORAL_TASK_QUEUE };
    const request = { accountId: account.id, eventId: input.id, now, idempotencyKey: idempotencyKey ?? null };
    try {
      return await redeliver(context, request, (claim, current) => ({
        ...toDeliveryView(current),
        redelivery: claim.redelivery.number,
        workflow_id: claim.redelivery.workflowId,
      }));
    } catch (error) {
      // The same key sent twice at once: the first to commit wins, and both answers are its answer.
      const lostRace =
        isUniqueViolation(error) || (error instanceof ServiceError && error.code === 'conflict');
      if (idempotencyKey === undefined || !lostRace) throw error;
      const stored = await redeliveryAnswerForKey(em.fork(), account.id, idempotencyKey, input.id);
      if (stored === undefined) throw error;
      return stored as Answer;
    }
  },
});
