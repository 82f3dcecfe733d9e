import { z } from 'zod';
import { deliveryStatuses } from '../db/entities/webhook-delivery';
import type { DeliveryWithAttempts } from '../domain/webhooks/deliveries';

// How a delivery and its attempts look in the API (docs/webhooks.md, "Delivery records").
export const attemptView = z.object({
  number: z.number().int(),
  attempted_at: z.iso.datetime(),
  duration_ms: z.number().int(),
  delivered: z.boolean(),
  status_code: z.number().int().nullable(),
  error_class: z
    .string()
    .nullable()
    .describe('timeout, dns, connect, tls, refused_address, redirect or http_status'),
  error_message: z.string().nullable(),
  response_body_snippet: z.string().nullable().describe('The first 2 KB of the reply body'),
  resolved_address: z.string().nullable(),
  signed_with: z.array(z.string()).describe('Ids of the secrets whose v1 values the attempt carried'),
  next_attempt_at: z.iso.datetime().nullable(),
});

export const deliveryView = z.object({
  id: z.string().describe('The event id: the body id and the Service-Event-Id header'),
  event_type: z.string(),
  status: z.enum(deliveryStatuses),
  url: z.string(),
  company_number: z.string().nullable(),
  alert_id: z.number().int().nullable(),
  attempt_count: z.number().int(),
  max_attempts: z
    .number()
    .int()
    .describe('Attempts per send: 8 for alerts, 1 for test sends; each redelivery may make as many again'),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  next_attempt_at: z.iso.datetime().nullable(),
  completed_at: z.iso.datetime().nullable(),
  redelivery_count: z.number().int().describe('How many times it was sent again on request'),
  redelivered_at: z.iso.datetime().nullable().describe('When it was last sent again on request'),
  attempts: z.array(attemptView),
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toDeliveryView({ delivery, attempts }: DeliveryWithAttempts): z.infer<typeof deliveryView> {
  return {
    id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    url: delivery.url,
    company_number: delivery.companyNumber,
    alert_id: delivery.alertId === null ? null : Number(delivery.alertId),
    attempt_count: delivery.attemptCount,
    max_attempts: delivery.maxAttempts,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
    next_attempt_at: iso(delivery.nextAttemptAt),
    completed_at: iso(delivery.completedAt),
    redelivery_count: delivery.redeliveryCount ?? 0,
    redelivered_at: iso(delivery.redeliveredAt ?? null),
    attempts: attempts.map((a) => ({
      number: a.number,
      attempted_at: a.attemptedAt.toISOString(),
      duration_ms: a.durationMs,
      delivered: Boolean(a.delivered),
      status_code: a.statusCode,
      error_class: a.errorClass,
      error_message: a.errorMessage,
      response_body_snippet: a.responseSnippet,
      resolved_address: a.resolvedAddress,
      signed_with: a.signedWith ? a.signedWith.split(',') : [],
      next_attempt_at: iso(a.nextAttemptAt),
    })),
  };
}
