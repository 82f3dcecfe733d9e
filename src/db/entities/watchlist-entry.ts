import { EntitySchema } from '@mikro-orm/core';

/**
 * A company an account monitors on its own, outside any list. The key (account, company) keeps it on the
 * watchlist once. `webhookUrl` is the company's own address, which wins over its lists' (address rule 5).
 */
export interface WatchlistEntry {
  accountId: string;
  companyNumber: string;
  webhookUrl: string | null;
  /** Deliveries to `webhookUrl` also carry the Standard Webhooks headers (migration 0036). */
  standardWebhooks: boolean;
  /** Routing (migration 0036): JSON of the alert types sent, null for all; the lowest severity sent, null for all. */
  alertTypes?: string | null;
  minSeverity?: string | null;
  addedAt: Date;
  updatedAt: Date;
}

export const WatchlistEntryEntity = new EntitySchema<WatchlistEntry>({
  name: 'WatchlistEntry',
  tableName: 'watchlist_entries',
  properties: {
    accountId: { type: 'string', primary: true, fieldName: 'account_id' },
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    webhookUrl: { type: 'text', fieldName: 'webhook_url', nullable: true },
    standardWebhooks: { type: 'boolean', fieldName: 'standard_webhooks', default: false },
    alertTypes: { type: 'text', fieldName: 'alert_types', nullable: true },
    minSeverity: { type: 'string', fieldName: 'min_severity', nullable: true },
    addedAt: { type: 'datetime', fieldName: 'added_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});
