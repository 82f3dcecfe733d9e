import type { PlanName } from '../../domain/accounts/plans';
import type { ListView } from '../../domain/lists/list-view';
import { CsrfField, Notice, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { Layout, type Viewer } from '../layout';
import { mayTurnOnWebhooksInWebApp } from '../web-plan-rules';
import { WebhookBelowTeam, WebhookForm, type WebhookFormSetting } from './list-webhook-form';

export const RENAME_FIELDS = ['name'] as const;

/** What a settings form sent back shows: which form, what was typed, and the operation's refusal. */
export type SettingsRefusal =
  | { form: 'rename'; typed: { name: string }; problem: FormProblem }
  | { form: 'webhook'; typed: WebhookFormSetting; problem: FormProblem };

/** A list's webhook setting and routing, as the settings forms show and compare it. */
export function webhookSettingOf(list: ListView): WebhookFormSetting {
  return {
    webhook_url: list.webhook_url,
    alert_webhook: list.alert_webhook,
    sanctions_alerts: list.sanctions_alerts,
    standard_webhooks: list.standard_webhooks,
    alert_types: list.alert_types,
    min_severity: list.min_severity,
  };
}

/** What a redirect after a save says (`?saved=` in the URL). */
export const SAVED_NOTICES = {
  name: 'The list is renamed.',
  webhook: 'Monitoring settings saved.',
} as const;

/**
 * `/app/lists/:id/settings`: rename the list, and its "Monitoring and alerts": on Team the webhook form (saved
 * through update_list); below Team the setting as it is, why it cannot be switched on here, and that the API can.
 */
export function ListSettingsPage(props: {
  viewer: Viewer;
  list: ListView;
  plan: PlanName;
  upgradeUrl: string;
  saved?: keyof typeof SAVED_NOTICES;
  refusal?: SettingsRefusal;
}) {
  const { viewer, list, plan, upgradeUrl, saved, refusal } = props;
  const base = `/app/lists/${list.id}`;
  const renameRefusal = refusal?.form === 'rename' ? refusal : undefined;
  const webhookRefusal = refusal?.form === 'webhook' ? refusal : undefined;
  const setting = webhookSettingOf(list);
  return (
    <Layout title={`Settings of ${list.name}`} viewer={viewer} section="lists" sectionSubpage>
      <p class="breadcrumb">
        <a href="/app/lists">Your lists</a> › <a href={base}>Back to {list.name}</a>
      </p>
      <h1>Settings of “{list.name}”</h1>
      {saved ? <Notice kind="success">{SAVED_NOTICES[saved]}</Notice> : null}
      <section aria-labelledby="rename-heading">
        <h2 id="rename-heading">Name</h2>
        {renameRefusal?.problem.message ? (
          <Notice kind="error">{renameRefusal.problem.message}</Notice>
        ) : null}
        <form method="post" action={`${base}/settings/name`} id="rename-form" novalidate>
          <CsrfField token={viewer.csrfToken} />
          <TextField
            id="list-name"
            name="name"
            label="List name"
            value={renameRefusal ? renameRefusal.typed.name : list.name}
            error={renameRefusal?.problem.fields.name}
            hint="Up to 100 characters, different from your other lists’ names."
            required
          />
          <button type="submit">Rename list</button>
        </form>
      </section>
      <section aria-labelledby="monitoring-heading">
        <h2 id="monitoring-heading">Monitoring and alerts</h2>
        <p id="webhook-state">
          {list.alert_webhook && list.webhook_url !== null
            ? `Changes to this list’s companies are sent to ${list.webhook_url}.`
            : list.webhook_url !== null
              ? `Changes are not sent; the webhook URL ${list.webhook_url} is kept.`
              : 'Changes to this list’s companies are not sent to a webhook.'}{' '}
          Alerts are raised either way ({list.alert_count} so far).{' '}
          {list.sanctions_alerts && list.webhook_url !== null
            ? 'New potential sanctions matches of its companies are sent there too.'
            : 'New potential sanctions matches of its companies are recorded, not sent.'}
        </p>
        {webhookRefusal?.problem.message ? (
          <Notice kind="error">{webhookRefusal.problem.message}</Notice>
        ) : null}
        {mayTurnOnWebhooksInWebApp(plan) ? (
          <WebhookForm
            viewer={viewer}
            listId={list.id}
            setting={setting}
            typed={webhookRefusal?.typed}
            problem={webhookRefusal?.problem}
          />
        ) : (
          <WebhookBelowTeam
            viewer={viewer}
            listId={list.id}
            setting={setting}
            plan={plan}
            upgradeUrl={upgradeUrl}
          />
        )}
      </section>
      <p>
        <a href={base}>Back to the list</a>
      </p>
    </Layout>
  );
}
