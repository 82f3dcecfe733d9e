import { z } from 'zod';
import { companyNumberSchema } from '../companies/company-number';
import { companyStatusSchema } from '../companies/company-profile';
import { alertTypesOf, minSeverityOf } from '../webhooks/alert-routing';
import { alertTypes, severities } from '../webhooks/events';
import type { WatchlistItem } from './watchlist';

export const watchlistEntryViewSchema = z.object({
  company_number: companyNumberSchema,
  /** Null only when the register no longer holds the company. */
  company_name: z.string().nullable(),
  company_status: companyStatusSchema.nullable(),
  webhook_url: z.string().nullable().describe('The company’s own address; it wins over its lists’ addresses'),
  standard_webhooks: z
    .boolean()
    .describe('True when deliveries to the company’s own address also carry the Standard Webhooks headers'),
  alert_types: z
    .array(z.enum(alertTypes))
    .describe('The alert types sent to the company’s own address; empty: every type'),
  min_severity: z.enum(severities).describe('The lowest severity sent to the company’s own address'),
  added_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

export type WatchlistEntryView = z.infer<typeof watchlistEntryViewSchema>;

export function toWatchlistEntryView(item: WatchlistItem): WatchlistEntryView {
  return {
    company_number: item.entry.companyNumber,
    company_name: item.companyName,
    company_status: item.companyStatus as WatchlistEntryView['company_status'],
    webhook_url: item.entry.webhookUrl,
    standard_webhooks: item.entry.standardWebhooks,
    alert_types: alertTypesOf(item.entry.alertTypes ?? null) ?? [],
    min_severity: minSeverityOf(item.entry.minSeverity ?? null) ?? 'info',
    added_at: item.entry.addedAt.toISOString(),
    updated_at: item.entry.updatedAt.toISOString(),
  };
}
