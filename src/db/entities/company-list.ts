import { EntitySchema } from '@mikro-orm/core';

export const listKinds = ['clients', 'suppliers', 'portfolio', 'prospects'] as const;
export type ListKind = (typeof listKinds)[number];

/**
 * A customer's named list of companies. `id` is an integer because the spec's alert payload and `/lists/{id}`
 * carry it as one. `nameKey` (the trimmed name, lower-cased) is what is unique per account, so "Clients" and
 * "clients" cannot both exist. A partial unique index allows one `isDefault` list per account, so two concurrent
 * first calls of add_companies_to_list cannot make two default lists.
 */
export interface CompanyList {
  id: number;
  accountId: string;
  name: string;
  nameKey: string;
  kind: ListKind;
  isDefault: boolean;
  webhookUrl: string | null;
  alertWebhook: boolean;
  /** Opt-in to sanctions.potential_match events (migration 0028); off by default. */
  sanctionsAlerts: boolean;
  /** Deliveries to `webhookUrl` also carry the Standard Webhooks headers (migration 0036); off by default. */
  standardWebhooks: boolean;
  /** Routing (migration 0036): JSON of the alert types sent, null for all; the lowest severity sent, null for all. */
  alertTypes?: string | null;
  minSeverity?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const CompanyListEntity = new EntitySchema<CompanyList>({
  name: 'CompanyList',
  tableName: 'lists',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    accountId: { type: 'string', fieldName: 'account_id' },
    name: { type: 'string' },
    nameKey: { type: 'string', fieldName: 'name_key' },
    kind: { type: 'string' },
    isDefault: { type: 'boolean', fieldName: 'is_default' },
    webhookUrl: { type: 'text', fieldName: 'webhook_url', nullable: true },
    alertWebhook: { type: 'boolean', fieldName: 'alert_webhook' },
    sanctionsAlerts: { type: 'boolean', fieldName: 'sanctions_alerts', default: false },
    standardWebhooks: { type: 'boolean', fieldName: 'standard_webhooks', default: false },
    alertTypes: { type: 'text', fieldName: 'alert_types', nullable: true },
    minSeverity: { type: 'string', fieldName: 'min_severity', nullable: true },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});
