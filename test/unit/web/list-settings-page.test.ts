import { h } from 'preact';
import { render } from 'preact-render-to-string';
import { ListPage, type ListCompanies } from '../../../src/web/pages/list-page';
import { ListSettingsPage } from '../../../src/web/pages/list-settings-page';
import { ListsPage, gradesText } from '../../../src/web/pages/lists-page';

const viewer = { email: 'someone@example.com', csrfToken: 'T'.repeat(43) };
const UPGRADE = 'https://example.com/pricing?from=web';
const list = {
  id: 7,
  name: 'Clients',
  kind: 'clients' as const,
  is_default: false,
  company_count: 3,
  overdue_filings: 1,
  alert_count: 4,
  health_grades: { A: 1, B: 0, C: 1, D: 0, E: 0, unscored: 1 },
  webhook_url: 'https://hooks.example.com/in',
  alert_webhook: true,
  sanctions_alerts: false,
  standard_webhooks: false,
  alert_types: [],
  min_severity: 'info' as const,
  webhook_health: null,
  open_potential_matches: 0,
  created_at: '2026-11-24T00:00:00.000Z',
};
const settings = (plan: 'free' | 'starter' | 'team') =>
  render(h(ListSettingsPage, { viewer, list, plan, upgradeUrl: UPGRADE }));

describe('the list settings page', () => {
  it('has the section “Monitoring and alerts” with the checkbox and the address field, by their labels', () => {
    for (const plan of ['free', 'starter', 'team'] as const) {
      const html = settings(plan);
      expect(html).toContain('<h2 id="monitoring-heading">Monitoring and alerts</h2>');
      expect(html).toContain('<label for="alert-webhook">Send changes to a webhook</label>');
      expect(html).toContain('<label for="webhook-url">Webhook URL</label>');
      expect(html).toMatch(/id="alert-webhook"[^>]*checked/);
      expect(html).toContain('value="https://hooks.example.com/in"');
      expect(html).toContain('href="/app/lists/7">Back to the list</a>');
    }
  });

  it('below Team shows the setting it cannot change, why, the upgrade link and the API’s way, and how to stop', () => {
    for (const plan of ['free', 'starter'] as const) {
      const html = settings(plan);
      expect(html).toContain('needs the team plan; your plan is ' + plan);
      expect(html).toContain(`<a href="${UPGRADE.replace('&', '&amp;')}">Upgrade to team</a>`);
      expect(html).toContain('<code>PATCH /lists/7</code>');
      expect(html).toMatch(/<fieldset disabled/);
      expect(html).not.toContain('id="webhook-form"');
      expect(html).toContain('id="webhook-stop-form"');
      expect(html).toContain('id="webhook-clear-form"');
    }
    const quiet = render(
      h(ListSettingsPage, {
        viewer,
        list: { ...list, webhook_url: null, alert_webhook: false },
        plan: 'free',
        upgradeUrl: UPGRADE,
      }),
    );
    expect(quiet).not.toContain('id="webhook-stop-form"');
    expect(quiet).not.toContain('id="webhook-clear-form"');
  });

  it('on Team is the form that saves, with no plan notice', () => {
    const html = settings('team');
    expect(html).toContain('<form method="post" action="/app/lists/7/settings/webhook" id="webhook-form"');
    expect(html).not.toContain('webhook-plan-notice');
    expect(html).not.toMatch(/<fieldset disabled/);
  });

  it('keeps what was typed in a refused rename, and the name otherwise', () => {
    expect(settings('free')).toMatch(/id="list-name"[^>]*value="Clients"/);
    const html = render(
      h(ListSettingsPage, {
        viewer,
        list,
        plan: 'free',
        upgradeUrl: UPGRADE,
        refusal: {
          form: 'rename',
          typed: { name: 'Suppliers' },
          problem: { status: 409, fields: { name: 'taken' } },
        },
      }),
    );
    expect(html).toMatch(/id="list-name"[^>]*value="Suppliers"/);
    expect(html).toContain('id="list-name-error"');
  });
});

describe('the lists page', () => {
  it('tells each list’s health grades, webhook and a settings link', () => {
    const html = render(h(ListsPage, { viewer, lists: [list] }));
    expect(html).toContain('<td>A 1, C 1, 1 unscored</td>');
    expect(html).toContain('<td>On</td>');
    expect(html).toContain('href="/app/lists/7/settings"');
    expect(gradesText({ A: 0, B: 0, C: 0, D: 0, E: 0, unscored: 0 })).toBe('none');
  });
});

describe('the list page', () => {
  const page: ListCompanies = {
    list: {
      id: 7,
      name: 'Clients',
      kind: 'clients',
      is_default: false,
      webhook_url: null,
      webhook_health: null,
    },
    items: [],
    total: 120,
    limit: 50,
    offset: 50,
    next_offset: 100,
  };

  it('keeps the filters and the search in its paging links, and links to the settings', () => {
    const html = render(
      h(ListPage, { viewer, page, filters: { overdue: 'true', sort: 'added_at' }, search: { q: 'oak' } }),
    );
    expect(html).toContain('href="/app/lists/7?overdue=true&amp;sort=added_at&amp;q=oak&amp;offset=0"');
    expect(html).toContain('href="/app/lists/7?overdue=true&amp;sort=added_at&amp;q=oak&amp;offset=100"');
    expect(html).toContain('href="/app/lists/7/settings"');
    expect(html).toContain('No company on this list matches the filters.');
  });
});
