import { planAllows, type PlanName } from '../domain/accounts/plans';
import { ServiceError } from '../domain/errors';

/*
 * What the web app allows by plan beyond what the operations allow. The spec: "Webhook use through the API is open
 * to any plan, Free included. Switching it on in the web app's list settings (Monitoring and alerts, Send changes
 * to a webhook, Webhook URL) needs the Team plan." So update_list stays open to every plan, and this rule sits in
 * front of it on the settings page only.
 */

/** The lowest plan that may switch a list's webhook on, or point it somewhere new, from the web app. */
export const WEB_WEBHOOK_LOWEST_PLAN: PlanName = 'team';

/** A list's webhook setting, as get_lists shows it and the settings form asks for it. */
export interface WebhookSetting {
  webhook_url: string | null;
  alert_webhook: boolean;
  /** Potential sanctions matches of ongoing screening sent as sanctions.potential_match (docs/sanctions.md). */
  sanctions_alerts: boolean;
  /** Deliveries also carry the Standard Webhooks headers (docs/webhooks.md); how the address is signed. */
  standard_webhooks: boolean;
}

export function mayTurnOnWebhooksInWebApp(plan: PlanName): boolean {
  return planAllows(plan, WEB_WEBHOOK_LOWEST_PLAN);
}

/**
 * Whether a change would send a list's changes somewhere they are not sent now: switching sending on, or setting
 * or changing the address. Switching off and clearing the address only stop sending, which any plan may do here.
 */
export function addsSending(current: WebhookSetting, wanted: WebhookSetting): boolean {
  const switchesOn =
    (wanted.alert_webhook && !current.alert_webhook) ||
    (wanted.sanctions_alerts && !current.sanctions_alerts);
  const newAddress = wanted.webhook_url !== null && wanted.webhook_url !== current.webhook_url;
  return switchesOn || newAddress;
}

/**
 * Refuses, with the API's own plan refusal (403 `plan_required`, its upgrade link in details), a change from the
 * web app that adds sending on a plan below Team; says that the API can do it on any plan.
 */
export function requireWebhookPlan(
  plan: PlanName,
  current: WebhookSetting,
  wanted: WebhookSetting,
  upgradeUrl: string,
): void {
  if (mayTurnOnWebhooksInWebApp(plan) || !addsSending(current, wanted)) return;
  throw new ServiceError(
    'plan_required',
    `Switching a list’s webhook on in the web app needs the ${WEB_WEBHOOK_LOWEST_PLAN} plan; your plan is ` +
      `${plan}. Upgrade at ${upgradeUrl}. The API (PATCH /lists/{list_id}) can do it on any plan.`,
    { required_plan: WEB_WEBHOOK_LOWEST_PLAN, current_plan: plan, upgrade_url: upgradeUrl },
  );
}
