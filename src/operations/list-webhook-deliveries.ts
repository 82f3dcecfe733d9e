import { z } from 'zod';
import { deliveryStatuses } from '../db/entities/webhook-delivery';
import { listDeliveries } from '../domain/webhooks/deliveries';
import { endpointsOfAccount, endpointView, toEndpointView } from '../domain/webhooks/endpoint-health';
import { ServiceError } from '../domain/errors';
import { keyedOperation } from './operation';
import { deliveryView, toDeliveryView } from './delivery-view';

const cursorSchema = z.object({ c: z.number().int(), e: z.string() });

function decodeCursor(cursor: string): { createdAt: number; eventId: string } {
  try {
    const parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { createdAt: parsed.c, eventId: parsed.e };
  } catch {
    throw new ServiceError('invalid_argument', 'Invalid argument cursor: not a cursor this API returned', {
      problems: [{ argument: 'cursor', problem: 'not a cursor this API returned' }],
    });
  }
}

function encodeCursor(createdAt: Date, eventId: string): string {
  return Buffer.from(JSON.stringify({ c: createdAt.getTime(), e: eventId })).toString('base64url');
}

export const listWebhookDeliveries = keyedOperation({
  name: 'list_webhook_deliveries',
  title: 'List webhook deliveries',
  description:
    'The account’s recent webhook deliveries, newest first, each with every attempt. Filter by status ' +
    '(pending, delivered, failed); page with `cursor` from `next_cursor`. `endpoints` gives the health of each ' +
    'address the account has sent to: consecutive failures, last error, last success, and whether it is ' +
    'disabled.',
  method: 'GET',
  path: '/watchlist/webhooks/deliveries',
  lowestPlan: 'free',
  cost: 1,
  input: z
    .object({
      status: z.enum(deliveryStatuses).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      cursor: z.string().min(1).optional(),
    })
    .strict(),
  output: z.object({
    deliveries: z.array(deliveryView),
    next_cursor: z.string().nullable(),
    endpoints: z
      .array(endpointView)
      .describe('Every address the account has sent to, by url, with its health (the same on every page)'),
  }),
  async handler(input, { em, account }) {
    const page = await listDeliveries(em, {
      accountId: account.id,
      status: input.status,
      limit: input.limit,
      after: input.cursor ? decodeCursor(input.cursor) : undefined,
    });
    const last = page.items.at(-1)?.delivery;
    return {
      deliveries: page.items.map(toDeliveryView),
      next_cursor: page.hasMore && last ? encodeCursor(last.createdAt, last.eventId) : null,
      endpoints: (await endpointsOfAccount(em, account.id)).map(toEndpointView),
    };
  },
});
