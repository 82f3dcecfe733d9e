import type { EntityManager } from '@mikro-orm/core';
import type { CompanyList } from '../../db/entities/company-list';
import type { AlertType, Severity } from '../webhooks/events';
import { storedAlertTypes } from '../webhooks/alert-routing';
import { ServiceError } from '../errors';
import { requireWebhookAddress } from '../watchlist/webhook-address';
import { getListOfAccount } from './lists';

export interface ListWebhookChange {
  /** A string sets the address, null clears it, undefined leaves it as it is. */
  webhookUrl?: string | null;
  alertWebhook?: boolean;
  /** Opt-in to sanctions.potential_match events at the same address (docs/sanctions.md, "Ongoing screening"). */
  sanctionsAlerts?: boolean;
  /** Deliveries to the address also carry the Standard Webhooks headers (docs/webhooks.md). */
  standardWebhooks?: boolean;
  /** Routing: the alert types sent (empty or null: all) and the lowest severity sent (null: all); undefined keeps. */
  alertTypes?: readonly AlertType[] | null;
  minSeverity?: Severity | null;
}

/**
 * PATCH /lists/{id}. Sending is on only while there is an address to send to: clearing the address turns
 * sending off, and turning sending on for a list without an address is refused rather than silently doing
 * nothing.
 */
export async function updateListWebhook(
  em: EntityManager,
  accountId: string,
  listId: number,
  change: ListWebhookChange,
  options: { devAllowedOrigins: readonly string[]; now: Date },
): Promise<CompanyList> {
  const list = await getListOfAccount(em, accountId, listId);
  applyWebhookChange(list, change, options.devAllowedOrigins);
  list.updatedAt = options.now;
  await em.flush();
  return list;
}

/**
 * The webhook rules on a loaded list, checked before anything is set: a refused change leaves the list as it was.
 * The caller saves.
 */
export function applyWebhookChange(
  list: CompanyList,
  change: ListWebhookChange,
  devAllowedOrigins: readonly string[],
): void {
  if (typeof change.webhookUrl === 'string') requireWebhookAddress(change.webhookUrl, devAllowedOrigins);
  const webhookUrl = change.webhookUrl === undefined ? list.webhookUrl : change.webhookUrl;
  const alertWebhook = webhookUrl === null ? false : (change.alertWebhook ?? list.alertWebhook);
  const sanctionsAlerts = webhookUrl === null ? false : (change.sanctionsAlerts ?? list.sanctionsAlerts);
  // Kept with the address: it describes how the address is signed, and clearing the address clears it too.
  const standardWebhooks = webhookUrl === null ? false : (change.standardWebhooks ?? list.standardWebhooks);
  for (const [argument, on] of [
    ['alert_webhook', change.alertWebhook],
    ['sanctions_alerts', change.sanctionsAlerts],
    ['standard_webhooks', change.standardWebhooks],
  ] as const) {
    if (on !== true || webhookUrl !== null) continue;
    const problem = `${argument} can be true only on a list with a webhook_url; send both`;
    throw new ServiceError('invalid_argument', `Invalid argument ${argument}: ${problem}`, {
      problems: [{ argument, problem }],
    });
  }
  list.webhookUrl = webhookUrl;
  list.alertWebhook = alertWebhook;
  list.sanctionsAlerts = sanctionsAlerts;
  list.standardWebhooks = standardWebhooks;
  if (change.alertTypes !== undefined) list.alertTypes = storedAlertTypes(change.alertTypes);
  if (change.minSeverity !== undefined) list.minSeverity = change.minSeverity;
}
