import type { ComponentChildren } from 'preact';
import { CsrfField, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import type { Viewer } from '../layout';
import { WEB_WEBHOOK_LOWEST_PLAN, type WebhookSetting } from '../web-plan-rules';

/** The webhook form's fields: update_list's argument names, so its refusals land next to them. */
export const WEBHOOK_FIELDS = [
  'webhook_url',
  'alert_webhook',
  'sanctions_alerts',
  'standard_webhooks',
] as const;

/**
 * The setting a posted webhook form asks for. An unticked checkbox sends nothing, so its absence is "off"; an empty
 * address is none (update_list's null). The address is taken as typed: the address rules judge it, as they judge
 * what the API is sent.
 */
export function wantedWebhookOf(form: Record<string, string>): WebhookSetting {
  const url = form.webhook_url ?? '';
  return {
    webhook_url: url === '' ? null : url,
    alert_webhook: form.alert_webhook === 'true',
    sanctions_alerts: form.sanctions_alerts === 'true',
    standard_webhooks: form.standard_webhooks === 'true',
  };
}

/**
 * What update_list is asked to change: only what differs from the list's setting, so a form sent back unchanged
 * changes nothing, and switching off does not re-check an address saved earlier. Undefined when nothing differs.
 */
export function webhookChangeOf(
  current: WebhookSetting,
  wanted: WebhookSetting,
): Partial<WebhookSetting> | undefined {
  const change: Partial<WebhookSetting> = {};
  if (wanted.webhook_url !== current.webhook_url) change.webhook_url = wanted.webhook_url;
  if (wanted.alert_webhook !== current.alert_webhook) change.alert_webhook = wanted.alert_webhook;
  if (wanted.sanctions_alerts !== current.sanctions_alerts) change.sanctions_alerts = wanted.sanctions_alerts;
  if (wanted.standard_webhooks !== current.standard_webhooks)
    change.standard_webhooks = wanted.standard_webhooks;
  return Object.keys(change).length === 0 ? undefined : change;
}

/** The form on Team: the checkbox and the address, saved through update_list. */
export function WebhookForm(props: {
  viewer: Viewer;
  listId: number;
  setting: WebhookSetting;
  typed?: Record<string, string>;
  problem?: FormProblem;
}) {
  const { viewer, listId, setting, typed, problem } = props;
  const shown = typed
    ? {
        url: typed.webhook_url ?? '',
        on: typed.alert_webhook === 'true',
        sanctions: typed.sanctions_alerts === 'true',
        standard: typed.standard_webhooks === 'true',
      }
    : undefined;
  const error = problem?.fields.alert_webhook;
  return (
    <form method="post" action={`/app/lists/${listId}/settings/webhook`} id="webhook-form" novalidate>
      <CsrfField token={viewer.csrfToken} />
      <WebhookCheckbox checked={shown?.on ?? setting.alert_webhook} error={error} />
      <SanctionsCheckbox
        checked={shown?.sanctions ?? setting.sanctions_alerts}
        error={problem?.fields.sanctions_alerts}
      />
      <StandardWebhooksCheckbox
        checked={shown?.standard ?? setting.standard_webhooks}
        error={problem?.fields.standard_webhooks}
      />
      <TextField
        id="webhook-url"
        name="webhook_url"
        label="Webhook URL"
        value={shown?.url ?? setting.webhook_url ?? ''}
        error={problem?.fields.webhook_url}
        hint="A public https address on port 443. Leave it empty to remove the address (which also stops sending)."
        autocomplete="off"
      />
      <button type="submit">Save monitoring settings</button>
    </form>
  );
}

/**
 * Below Team: the setting as it is, in controls that cannot be changed here, why, and where to change it. Stopping
 * a webhook the API switched on stays open to every plan: it only removes sending.
 */
export function WebhookBelowTeam(props: {
  viewer: Viewer;
  listId: number;
  setting: WebhookSetting;
  plan: string;
  upgradeUrl: string;
}) {
  const { viewer, listId, setting, plan, upgradeUrl } = props;
  const action = `/app/lists/${listId}/settings/webhook`;
  return (
    <>
      <div class="notice notice-warning" id="webhook-plan-notice">
        <p>
          Switching webhooks on here needs the {WEB_WEBHOOK_LOWEST_PLAN} plan; your plan is {plan}.{' '}
          <a href={upgradeUrl}>Upgrade to {WEB_WEBHOOK_LOWEST_PLAN}</a>
        </p>
        <p>
          The API can do it on any plan, yours included: <code>PATCH /lists/{listId}</code> with{' '}
          <code>webhook_url</code> and <code>alert_webhook</code>.
        </p>
      </div>
      <fieldset disabled class="current-setting">
        <legend>Current setting</legend>
        <WebhookCheckbox checked={setting.alert_webhook} />
        <SanctionsCheckbox checked={setting.sanctions_alerts} />
        <StandardWebhooksCheckbox checked={setting.standard_webhooks} />
        <TextField
          id="webhook-url"
          name="webhook_url"
          label="Webhook URL"
          value={setting.webhook_url ?? ''}
        />
      </fieldset>
      {setting.alert_webhook || setting.sanctions_alerts ? (
        <form method="post" action={action} id="webhook-stop-form">
          <CsrfField token={viewer.csrfToken} />
          <input type="hidden" name="webhook_url" value={setting.webhook_url ?? ''} />
          {/* Stopping keeps how the address is signed, for when sending is switched on again. */}
          {setting.standard_webhooks ? <input type="hidden" name="standard_webhooks" value="true" /> : null}
          <button type="submit" class="button-secondary">
            Stop sending changes
          </button>
        </form>
      ) : null}
      {setting.webhook_url !== null ? (
        <form method="post" action={action} id="webhook-clear-form">
          <CsrfField token={viewer.csrfToken} />
          <input type="hidden" name="webhook_url" value="" />
          <button type="submit" class="button-secondary">
            Remove the webhook URL
          </button>
        </form>
      ) : null}
    </>
  );
}

function WebhookCheckbox({ checked, error }: { checked: boolean; error?: string }) {
  return (
    <Checkbox id="alert-webhook" name="alert_webhook" checked={checked} error={error}>
      Send changes to a webhook
    </Checkbox>
  );
}

/** update_list's sanctions_alerts: ongoing screening's new potential matches, as sanctions.potential_match. */
function SanctionsCheckbox({ checked, error }: { checked: boolean; error?: string }) {
  return (
    <Checkbox id="sanctions-alerts" name="sanctions_alerts" checked={checked} error={error}>
      Send new potential sanctions matches to the webhook (<code>sanctions.potential_match</code>)
    </Checkbox>
  );
}

/** update_list's standard_webhooks: webhook-id, webhook-timestamp and webhook-signature beside our own headers. */
function StandardWebhooksCheckbox({ checked, error }: { checked: boolean; error?: string }) {
  return (
    <Checkbox id="standard-webhooks" name="standard_webhooks" checked={checked} error={error}>
      Also sign deliveries the Standard Webhooks way (<code>webhook-signature</code>, for receivers built on
      the <code>standardwebhooks</code> libraries)
    </Checkbox>
  );
}

function Checkbox(props: {
  id: string;
  name: string;
  checked: boolean;
  error?: string;
  children: ComponentChildren;
}) {
  const { id, name, checked, error, children } = props;
  return (
    <div class={error ? 'field checkbox field-invalid' : 'field checkbox'}>
      {error ? (
        <p class="field-error" id={`${id}-error`}>
          <span class="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <input
        type="checkbox"
        id={id}
        name={name}
        value="true"
        checked={checked}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label for={id}>{children}</label>
    </div>
  );
}
