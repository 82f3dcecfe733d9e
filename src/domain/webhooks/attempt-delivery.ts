import type { EntityManager } from '@mikro-orm/core';
import { activeSecrets, currentSecret } from './webhook-secrets';
import { sendWebhook, type SendOptions, type SendOutcome } from './send-webhook';
import { standardWebhooksHeaders } from './standard-webhooks';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature';

export interface AttemptInput {
  accountId: string;
  eventId: string;
  eventType: string;
  url: string;
  body: string;
  /** Also sign the Standard Webhooks way (stored on the delivery, so every retry signs as the first attempt). */
  standardWebhooks?: boolean;
}

export interface AttemptResult extends SendOutcome {
  attemptedAt: number;
  signedWith: string[];
}

/**
 * One signed POST: signed at send time with every secret active at that moment (two during a rotation), so a
 * retry days later carries a fresh `t` and today's secrets, while the body and event id never change.
 */
export async function attemptDelivery(
  em: EntityManager,
  input: AttemptInput,
  now: Date,
  options: SendOptions,
): Promise<AttemptResult> {
  // An account that never asked for its secret gets one now; it can fetch it to verify later deliveries.
  let secrets = await activeSecrets(em, input.accountId, now);
  if (secrets.length === 0) secrets = [await currentSecret(em, input.accountId, now)];
  const t = Math.floor(now.getTime() / 1000);
  const keys = secrets.map((s) => s.secret);
  const outcome = await sendWebhook(
    {
      url: input.url,
      body: input.body,
      headers: {
        [SIGNATURE_HEADER]: signatureHeader(input.body, keys, t),
        [EVENT_ID_HEADER]: input.eventId,
        [EVENT_TYPE_HEADER]: input.eventType,
        ...(input.standardWebhooks === true
          ? standardWebhooksHeaders(input.eventId, input.body, keys, t)
          : {}),
      },
    },
    options,
  );
  return { ...outcome, attemptedAt: now.getTime(), signedWith: secrets.map((s) => s.id) };
}
