import { BigIntType, EntitySchema, OptionalProps } from '@mikro-orm/core';
// The type and severity columns hold the alert vocabulary of the webhook events: the columns' vocabulary.
import type { AlertType, Severity } from '../../domain/webhooks/events';

/**
 * One register change as one account sees it: written by the change check for every account monitoring the
 * company, once (unique account + change). `lists` is JSON of the account's lists holding the company when the
 * alert was written ({ id, name }[]); `webhookUrl` and `eventId` say where the alert was sent, when it was.
 */
export interface Alert {
  /** Drawn by the database on insert. */
  [OptionalProps]?: 'id';
  id: number;
  accountId: string;
  companyNumber: string;
  /** As the register named the company when the alert was written. */
  companyName: string;
  changeSequence: number;
  alertType: AlertType;
  severity: Severity;
  title: string;
  detail: string;
  detectedAt: Date;
  lists: string;
  webhookUrl: string | null;
  eventId: string | null;
  createdAt: Date;
  /**
   * Why an alert with an address was not sent (migration 0036): 'not_routed' when no address's routing took it,
   * 'endpoint_disabled' when its address was disabled (endpoint health; its delivery is stored, never started).
   */
  notSentReason?: string | null;
}

export const AlertEntity = new EntitySchema<Alert>({
  name: 'Alert',
  tableName: 'alerts',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    accountId: { type: 'string', fieldName: 'account_id' },
    companyNumber: { type: 'string', fieldName: 'company_number' },
    companyName: { type: 'text', fieldName: 'company_name' },
    changeSequence: { type: new BigIntType('number'), fieldName: 'change_sequence' },
    alertType: { type: 'string', fieldName: 'alert_type' },
    severity: { type: 'string' },
    title: { type: 'text' },
    detail: { type: 'text' },
    detectedAt: { type: 'datetime', fieldName: 'detected_at' },
    lists: { type: 'text' },
    webhookUrl: { type: 'text', fieldName: 'webhook_url', nullable: true },
    eventId: { type: 'string', fieldName: 'event_id', nullable: true },
    notSentReason: { type: 'string', fieldName: 'not_sent_reason', nullable: true },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
  },
});
