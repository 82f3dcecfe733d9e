import { z } from 'zod';
import { deliveryForAccount } from '../domain/webhooks/deliveries';
import { keyedOperation } from './operation';
import { deliveryView, toDeliveryView } from './delivery-view';

export const getWebhookDelivery = keyedOperation({
  name: 'get_webhook_delivery',
  title: 'Get one webhook delivery',
  description: 'One delivery of this account with every attempt. Another account’s delivery is a 404.',
  method: 'GET',
  path: '/watchlist/webhooks/deliveries/{id}',
  lowestPlan: 'free',
  cost: 1,
  input: z.object({ id: z.string().min(1).max(80) }).strict(),
  output: deliveryView,
  async handler(input, { em, account }) {
    return toDeliveryView(await deliveryForAccount(em, account.id, input.id));
  },
});
