import { ServiceError } from '../../../src/domain/errors';
import { wantedWebhookOf, webhookChangeOf } from '../../../src/web/pages/list-webhook-form';
import { addsSending, mayTurnOnWebhooksInWebApp, requireWebhookPlan } from '../../../src/web/web-plan-rules';

const UPGRADE = 'https://example.com/pricing';
const everyAlert = { alert_types: [], min_severity: 'info' };
const off = {
  webhook_url: null,
  alert_webhook: false,
  sanctions_alerts: false,
  standard_webhooks: false,
  ...everyAlert,
};
const saved = {
  webhook_url: 'https://hooks.example.com/a',
  alert_webhook: false,
  sanctions_alerts: false,
  standard_webhooks: false,
  ...everyAlert,
};
const sending = {
  webhook_url: 'https://hooks.example.com/a',
  alert_webhook: true,
  sanctions_alerts: false,
  standard_webhooks: false,
  ...everyAlert,
};
/** A posted form of single-valued fields, as parseForm reads it. */
const posted = (fields: Record<string, string>, values: Record<string, string[]> = {}) => ({
  fields,
  values: {
    ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, [value]])),
    ...values,
  },
});
const matches = { ...saved, sanctions_alerts: true };
const standard = { ...sending, standard_webhooks: true };

describe('the web app’s Team-only webhook rule', () => {
  it('lets Team, and only Team, switch webhooks on in the web app', () => {
    expect(mayTurnOnWebhooksInWebApp('team')).toBe(true);
    expect(mayTurnOnWebhooksInWebApp('starter')).toBe(false);
    expect(mayTurnOnWebhooksInWebApp('free')).toBe(false);
  });

  it.each([
    ['switching on', saved, sending, true],
    ['setting an address and switching on', off, sending, true],
    ['setting an address, sending off', off, saved, true],
    [
      'changing the address while sending',
      sending,
      { ...sending, webhook_url: 'https://b.example.com/' },
      true,
    ],
    ['switching potential sanctions matches on', saved, matches, true],
    ['switching potential sanctions matches off', matches, saved, false],
    ['switching off', sending, saved, false],
    ['signing the Standard Webhooks way too (it sends nothing new)', sending, standard, false],
    ['clearing the address', sending, off, false],
    ['changing nothing while sending', sending, sending, false],
    ['changing nothing', off, off, false],
  ])('%s: adds sending %s', (_name, current, wanted, expected) => {
    expect(addsSending(current, wanted)).toBe(expected);
  });

  it('refuses a change that adds sending below Team with the API’s plan refusal and its upgrade link', () => {
    for (const plan of ['free', 'starter'] as const) {
      let thrown: unknown;
      try {
        requireWebhookPlan(plan, saved, sending, UPGRADE);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ServiceError);
      const error = thrown as ServiceError;
      expect(error.code).toBe('plan_required');
      expect(error.details).toEqual({ required_plan: 'team', current_plan: plan, upgrade_url: UPGRADE });
      expect(error.message).toContain(UPGRADE);
      expect(error.message).toContain('PATCH /lists/{list_id}');
    }
  });

  it('lets any plan stop sending, and lets Team do anything', () => {
    expect(() => requireWebhookPlan('free', sending, saved, UPGRADE)).not.toThrow();
    expect(() => requireWebhookPlan('free', sending, off, UPGRADE)).not.toThrow();
    expect(() => requireWebhookPlan('team', off, sending, UPGRADE)).not.toThrow();
  });
});

describe('the webhook form', () => {
  it('reads an unticked box as off and an empty address as none, keeping the address as typed', () => {
    expect(wantedWebhookOf(posted({}))).toEqual(off);
    expect(wantedWebhookOf(posted({ webhook_url: '', alert_webhook: 'true' }))).toEqual({
      webhook_url: null,
      alert_webhook: true,
      sanctions_alerts: false,
      standard_webhooks: false,
      ...everyAlert,
    });
    expect(wantedWebhookOf(posted({ webhook_url: ' https://x.example.com ', alert_webhook: 'on' }))).toEqual({
      webhook_url: ' https://x.example.com ',
      alert_webhook: false,
      sanctions_alerts: false,
      standard_webhooks: false,
      ...everyAlert,
    });
    expect(wantedWebhookOf(posted({ sanctions_alerts: 'true' }))).toEqual({ ...off, sanctions_alerts: true });
    expect(wantedWebhookOf(posted({ standard_webhooks: 'true' }))).toEqual({
      ...off,
      standard_webhooks: true,
    });
  });

  it('asks update_list for what differs only, and for nothing when nothing does', () => {
    expect(webhookChangeOf(sending, sending)).toBeUndefined();
    expect(webhookChangeOf(sending, saved)).toEqual({ alert_webhook: false });
    expect(webhookChangeOf(sending, off)).toEqual({ webhook_url: null, alert_webhook: false });
    expect(webhookChangeOf(off, sending)).toEqual({ webhook_url: sending.webhook_url, alert_webhook: true });
    expect(webhookChangeOf(saved, matches)).toEqual({ sanctions_alerts: true });
    expect(webhookChangeOf(sending, standard)).toEqual({ standard_webhooks: true });
    expect(webhookChangeOf(standard, sending)).toEqual({ standard_webhooks: false });
  });

  it('reads a ticked group as its repeated values and the severity as chosen, sent on as typed', () => {
    const form = posted(
      { min_severity: 'critical' },
      { alert_types: ['status_change', 'not_a_type', 'status_change'] },
    );
    expect(wantedWebhookOf(form)).toMatchObject({
      alert_types: ['status_change', 'not_a_type', 'status_change'],
      min_severity: 'critical',
    });
    expect(wantedWebhookOf(posted({ alert_types: 'new_filing' }))).toMatchObject({
      alert_types: ['new_filing'],
    });
  });

  it('asks for the routing only when it differs, whatever the order of the types', () => {
    const routed = { ...sending, alert_types: ['status_change', 'new_filing'], min_severity: 'warning' };
    expect(
      webhookChangeOf(routed, { ...routed, alert_types: ['new_filing', 'status_change'] }),
    ).toBeUndefined();
    expect(webhookChangeOf(routed, sending)).toEqual({ alert_types: [], min_severity: 'info' });
    expect(webhookChangeOf(sending, { ...sending, min_severity: 'critical' })).toEqual({
      min_severity: 'critical',
    });
    // A repeat is not the same routing: it goes on to update_list, which refuses it.
    const repeated = ['new_filing', 'new_filing'];
    expect(webhookChangeOf(routed, { ...routed, alert_types: repeated })).toEqual({ alert_types: repeated });
  });
});
