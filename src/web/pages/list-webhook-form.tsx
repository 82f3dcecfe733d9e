import type { ComponentChildren } from 'preact';
import { alertTypes, severities } from '../../domain/webhooks/events';
import { CsrfField, FieldError, SelectField, TextField } from '../form-controls';
import type { PostedForm } from '../form-body';
import type { FormProblem } from '../form-problem';
import type { Viewer } from '../layout';
import { WEB_WEBHOOK_LOWEST_PLAN, type WebhookSetting } from '../web-plan-rules';

/** The webhook form's fields: update_list's argument names, so its refusals land next to them. */
export const WEBHOOK_FIELDS = [
  'webhook_url',
  'alert_webhook',
  'sanctions_alerts',
  'standard_webhooks',
  'alert_types',
  'min_severity',
] as const;

/**
 * The webhook setting with its routing (docs/webhooks.md "Routing by alert type and severity"). Strings, not the
 * enums: a posted form may hold anything, and update_list alone judges it, as it judges what the API is sent.
 */
export interface WebhookFormSetting extends WebhookSetting {
  /** Empty: every type. */
  alert_types: readonly string[];
  min_severity: string;
}

/**
 * The setting a posted webhook form asks for. An unticked checkbox sends nothing, so its absence is "off", and a
 * group with nothing ticked is every alert type; an empty address is none (update_list's null). A form without
 * min_severity asks for every severity, as the API's absent value means.
 */
export function wantedWebhookOf({ fields, values }: PostedForm): WebhookFormSetting {
  const url = fields.webhook_url ?? '';
  return {
    webhook_url: url === '' ? null : url,
    alert_webhook: fields.alert_webhook === 'true',
    sanctions_alerts: fields.sanctions_alerts === 'true',
    standard_webhooks: fields.standard_webhooks === 'true',
    alert_types: values.alert_types ?? [],
    min_severity: fields.min_severity ?? 'info',
  };
}

/**
 * What update_list is asked to change: only what differs from the list's setting, so a form sent back unchanged
 * changes nothing, and switching off does not re-check an address saved earlier. Undefined when nothing differs.
 */
export function webhookChangeOf(
  current: WebhookFormSetting,
  wanted: WebhookFormSetting,
): Partial<WebhookFormSetting> | undefined {
  const change: Partial<WebhookFormSetting> = {};
  if (wanted.webhook_url !== current.webhook_url) change.webhook_url = wanted.webhook_url;
  if (wanted.alert_webhook !== current.alert_webhook) change.alert_webhook = wanted.alert_webhook;
  if (wanted.sanctions_alerts !== current.sanctions_alerts) change.sanctions_alerts = wanted.sanctions_alerts;
  if (wanted.standard_webhooks !== current.standard_webhooks)
    change.standard_webhooks = wanted.standard_webhooks;
  // The same types in another order are the same routing; a repeat is sent on, for update_list to refuse.
  if (typesKey(wanted.alert_types) !== typesKey(current.alert_types)) change.alert_types = wanted.alert_types;
  if (wanted.min_severity !== current.min_severity) change.min_severity = wanted.min_severity;
  return Object.keys(change).length === 0 ? undefined : change;
}

function typesKey(types: readonly string[]): string {
  return JSON.stringify([...types].sort());
}

/** The form on Team: the checkboxes, the routing and the address, saved through update_list. */
export function WebhookForm(props: {
  viewer: Viewer;
  listId: number;
  setting: WebhookFormSetting;
  /** What a refused form sent, shown back as it was sent. */
  typed?: WebhookFormSetting;
  problem?: FormProblem;
}) {
  const { viewer, listId, setting, typed, problem } = props;
  const shown = typed ?? setting;
  const errors = problem?.fields ?? {};
  return (
    <form method="post" action={`/app/lists/${listId}/settings/webhook`} id="webhook-form" novalidate>
      <CsrfField token={viewer.csrfToken} />
      <WebhookCheckbox checked={shown.alert_webhook} error={errors.alert_webhook} />
      <SanctionsCheckbox checked={shown.sanctions_alerts} error={errors.sanctions_alerts} />
      <StandardWebhooksCheckbox checked={shown.standard_webhooks} error={errors.standard_webhooks} />
      <RoutingControls setting={shown} errors={errors} />
      <TextField
        id="webhook-url"
        name="webhook_url"
        label="Webhook URL"
        value={shown.webhook_url ?? ''}
        error={errors.webhook_url}
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
  setting: WebhookFormSetting;
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
        <RoutingControls setting={setting} errors={{}} />
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
          <RoutingKept setting={setting} />
          <button type="submit" class="button-secondary">
            Stop sending changes
          </button>
        </form>
      ) : null}
      {setting.webhook_url !== null ? (
        <form method="post" action={action} id="webhook-clear-form">
          <CsrfField token={viewer.csrfToken} />
          <input type="hidden" name="webhook_url" value="" />
          <RoutingKept setting={setting} />
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

/**
 * update_list's alert_types and min_severity: which alerts go to the address. Unticked types and lower severities
 * are still raised and listed, as not sent.
 */
function RoutingControls(props: { setting: WebhookFormSetting; errors: Record<string, string> }) {
  const { setting, errors } = props;
  const error = errors.alert_types;
  return (
    <>
      <fieldset
        class={error ? 'checkbox-group field-invalid' : 'checkbox-group'}
        aria-describedby={error ? 'alert-types-hint alert-types-error' : 'alert-types-hint'}
      >
        <legend>Alert types sent</legend>
        <p class="hint" id="alert-types-hint">
          None ticked sends every type. Alerts not sent are still raised and listed.
        </p>
        {error ? <FieldError id="alert-types-error">{error}</FieldError> : null}
        <ul class="choices">
          {alertTypes.map((type) => (
            <li class="checkbox">
              <input
                type="checkbox"
                id={`alert-type-${type}`}
                name="alert_types"
                value={type}
                checked={setting.alert_types.includes(type)}
              />
              <label for={`alert-type-${type}`}>{type}</label>
            </li>
          ))}
        </ul>
      </fieldset>
      <SelectField
        id="min-severity"
        name="min_severity"
        label="Lowest severity sent"
        options={SEVERITY_OPTIONS}
        value={setting.min_severity}
        error={errors.min_severity}
      />
    </>
  );
}

const SEVERITY_OPTIONS = severities.map((severity) => ({
  value: severity,
  label: { info: 'info (every alert)', warning: 'warning and critical', critical: 'critical only' }[severity],
}));

/** The routing as it is, in a form that changes something else, so that form does not reset it to "all". */
function RoutingKept({ setting }: { setting: WebhookFormSetting }) {
  return (
    <>
      {setting.alert_types.map((type) => (
        <input type="hidden" name="alert_types" value={type} />
      ))}
      <input type="hidden" name="min_severity" value={setting.min_severity} />
    </>
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
