import { z } from 'zod';
import { currentSecret, previousSecret } from '../domain/webhooks/webhook-secrets';
import { keyedOperation } from './operation';
import { toWebhookSecretView, webhookSecretView } from './webhook-secret-view';

export const getWebhookSecret = keyedOperation({
  name: 'get_webhook_secret',
  title: 'Get the webhook signing secret',
  description:
    'Returns the secret (whsec_…) that signs this account’s webhooks, creating it on first use. For 24 hours ' +
    'after a rotation, previous holds the replaced secret (id, secret, expires_at), which signs beside it ' +
    'until expires_at; null otherwise.',
  method: 'GET',
  path: '/watchlist/webhook-secret',
  lowestPlan: 'free',
  cost: 1,
  input: z.object({}).strict(),
  output: webhookSecretView,
  async handler(_input, { em, account, now }) {
    const current = await currentSecret(em, account.id, now);
    return toWebhookSecretView(current, await previousSecret(em, account.id, now));
  },
});
