import { randomBytes } from 'node:crypto';
import { z } from 'zod';

// The webhook body, exactly as the spec's "Alert event payload" gives it. Schemas double as documentation and
// as the check tests run on what a receiver gets.

export const alertTypes = [
  'status_change',
  'name_change',
  'address_change',
  'sic_change',
  'accounts_filed',
  'accounts_overdue',
  'confirmation_statement_filed',
  'confirmation_statement_overdue',
  'charge_registered',
  'charge_satisfied',
  'psc_change',
  'gazette_notice',
  'new_filing',
  'officer_change',
  'financials_available',
] as const;
export const severities = ['info', 'warning', 'critical'] as const;
export const eventTypes = ['company.alert', 'webhook.test'] as const;

export type AlertType = (typeof alertTypes)[number];
export type Severity = (typeof severities)[number];
export type EventType = (typeof eventTypes)[number];

/** ISO 8601 UTC with milliseconds, as `Date.toISOString()` writes it: 2026-11-22T08:15:00.000Z. */
const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

export const alertDataSchema = z.object({
  alert_id: z.number().int(),
  company_number: z.string(),
  company_name: z.string(),
  alert_type: z.enum(alertTypes),
  severity: z.enum(severities),
  title: z.string(),
  detail: z.string(),
  detected_at: timestamp,
  links: z.object({ company: z.string(), alerts: z.string() }),
  lists: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const alertEventSchema = z.object({
  id: z.string().regex(/^evt_\d+_\d+$/),
  type: z.literal('company.alert'),
  created_at: timestamp,
  data: alertDataSchema,
});

export const testEventSchema = z.object({
  id: z.string().regex(/^evt_test_[A-Za-z0-9_-]+$/),
  type: z.literal('webhook.test'),
  created_at: timestamp,
  data: z.object({ message: z.string() }),
});

export type AlertEvent = z.infer<typeof alertEventSchema>;
export type TestEvent = z.infer<typeof testEventSchema>;

/** What the change check knows of an alert when it hands it over for delivery. */
export interface AlertForDelivery {
  alertId: number;
  companyNumber: string;
  companyName: string;
  alertType: AlertType;
  severity: Severity;
  title: string;
  detail: string;
  detectedAt: Date;
  lists: { id: number; name: string }[];
}

/** Spec: evt_<alert_id>_<number>; `sequence` counts deliveries of the same alert, from 1. */
export function alertEventId(alertId: number, sequence = 1): string {
  return `evt_${alertId}_${sequence}`;
}

export function alertEvent(
  alert: AlertForDelivery,
  baseUrl: string,
  createdAt: Date,
  sequence = 1,
): AlertEvent {
  const base = baseUrl.replace(/\/+$/, '');
  const number = encodeURIComponent(alert.companyNumber);
  return {
    id: alertEventId(alert.alertId, sequence),
    type: 'company.alert',
    created_at: createdAt.toISOString(),
    data: {
      alert_id: alert.alertId,
      company_number: alert.companyNumber,
      company_name: alert.companyName,
      alert_type: alert.alertType,
      severity: alert.severity,
      title: alert.title,
      detail: alert.detail,
      detected_at: alert.detectedAt.toISOString(),
      links: {
        company: `${base}/company/${number}`,
        alerts: `${base}/watchlist/alerts?company_number=${number}`,
      },
      lists: alert.lists.map((list) => ({ id: list.id, name: list.name })),
    },
  };
}

/** A test send has no alert behind it, so its id cannot take the alert form (docs/decisions.md). */
export function testEvent(createdAt: Date): TestEvent {
  return {
    id: `evt_test_${randomBytes(9).toString('base64url')}`,
    type: 'webhook.test',
    created_at: createdAt.toISOString(),
    data: { message: 'This is a test event from the company data service. No action is needed.' },
  };
}
