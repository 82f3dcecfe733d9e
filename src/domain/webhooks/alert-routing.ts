import { z } from 'zod';
import { alertTypes, severities, type AlertType, type Severity } from './events';

// Routing by alert type and severity (issue 42, docs/webhooks.md "Routing"): which alerts an address takes.

// endpoint_disabled: the address that takes the alert is disabled (endpoint-health.ts).
export const notSentReasons = ['not_routed', 'endpoint_disabled'] as const;
export type NotSentReason = (typeof notSentReasons)[number];

/** What an address takes: null alert types means all fifteen, null minimum severity means info (all three). */
export interface AlertRouting {
  alertTypes: readonly AlertType[] | null;
  minSeverity: Severity | null;
}

export const EVERY_ALERT: AlertRouting = { alertTypes: null, minSeverity: null };

export const alertTypesInput = z
  .array(z.enum(alertTypes))
  .max(alertTypes.length)
  .refine((types) => new Set(types).size === types.length, 'each alert type once')
  // The refinement is not JSON Schema: say it there too, so clients (and the fuzzer) know a repeat is refused.
  .meta({ uniqueItems: true })
  .describe(
    'The alert types sent to the address (a subset of the fifteen); empty or absent sends every type',
  );

export const minSeverityInput = z
  .enum(severities)
  .describe('The lowest severity sent to the address (info, warning, critical); info sends every alert');

/** Whether an address with this routing takes an alert of this type and severity. */
export function routes(routing: AlertRouting, alert: { alertType: AlertType; severity: Severity }): boolean {
  const typeTaken = routing.alertTypes === null || routing.alertTypes.includes(alert.alertType);
  const rank = severities.indexOf(alert.severity);
  return typeTaken && rank >= severities.indexOf(routing.minSeverity ?? 'info');
}

/** The stored form: an empty list is all types, kept as null so "all" has one spelling in the database. */
export function storedAlertTypes(types: readonly AlertType[] | null | undefined): string | null {
  return types === null || types === undefined || types.length === 0 ? null : JSON.stringify(types);
}

export function alertTypesOf(stored: string | null): AlertType[] | null {
  if (stored === null) return null;
  const parsed = z.array(z.enum(alertTypes)).safeParse(JSON.parse(stored));
  // A value no writer of ours produced is read as "all": sending too much beats silently sending nothing.
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

export function minSeverityOf(stored: string | null): Severity | null {
  const parsed = z.enum(severities).safeParse(stored);
  return parsed.success ? parsed.data : null;
}
