import { z } from 'zod';
import type { WebhookSecret } from '../db/entities/webhook-secret';
import { standardWebhooksSecret } from '../domain/webhooks/standard-webhooks';

// GET and rotate answer with the same shape (docs/decisions.md): the current secret, and while a rotation's
// 24-hour overlap lasts the previous one too, value included: a receiver being moved over needs both, and the
// key that reads the current secret could read the previous one before the rotation anyway.
export const webhookSecretView = z.object({
  id: z.string(),
  secret: z.string().startsWith('whsec_'),
  standard_webhooks_secret: z
    .string()
    .startsWith('whsec_')
    .describe(
      'The same secret in the Standard Webhooks form (whsec_ and the base64 of the key), for receivers built on ' +
        'the standardwebhooks libraries',
    ),
  created_at: z.iso.datetime(),
  previous: z
    .object({
      id: z.string(),
      secret: z.string().startsWith('whsec_'),
      standard_webhooks_secret: z.string().startsWith('whsec_'),
      expires_at: z.iso.datetime(),
    })
    .nullable()
    .describe('The replaced secret, still signing deliveries until expires_at; null outside a rotation.'),
});

export function toWebhookSecretView(current: WebhookSecret, previous: WebhookSecret | undefined) {
  return {
    id: current.id,
    secret: current.secret,
    standard_webhooks_secret: standardWebhooksSecret(current.secret),
    created_at: current.createdAt.toISOString(),
    previous: previous?.expiresAt
      ? {
          id: previous.id,
          secret: previous.secret,
          standard_webhooks_secret: standardWebhooksSecret(previous.secret),
          expires_at: previous.expiresAt.toISOString(),
        }
      : null,
  };
}
