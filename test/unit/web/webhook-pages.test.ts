import { parseDocument } from 'htmlparser2';
import { h, type VNode } from 'preact';
import { render } from 'preact-render-to-string';
import { AlertsPage, type AlertsAnswer } from '../../../src/web/pages/alerts-page';
import { DeliveriesPage, type DeliveriesAnswer } from '../../../src/web/pages/deliveries-page';
import { DeliveryPage, type DeliveryView } from '../../../src/web/pages/delivery-page';
import { RotateSecretPage } from '../../../src/web/pages/rotate-secret-page';
import { utcText } from '../../../src/web/pages/utc-time';
import { WebhookSecretPage, type WebhookSecretView } from '../../../src/web/pages/webhook-secret-page';

interface Element {
  type: string;
  name: string;
  attribs: Record<string, string>;
  children: Node[];
}
type Node = Element | { type: string; data?: string; children?: Node[] };

function elements(node: Node, out: Element[] = []): Element[] {
  if ('name' in node && typeof node.name === 'string') out.push(node);
  for (const child of node.children ?? []) elements(child, out);
  return out;
}

function textOf(node: Node): string {
  if ('data' in node && typeof node.data === 'string' && node.type === 'text') return node.data;
  return (node.children ?? []).map(textOf).join('');
}

const viewer = { email: 'someone@example.com', csrfToken: 'T'.repeat(43) };
const HOSTILE = '<img src=x onerror=alert(1)>"&';
const SECRET = 'whsec_' + 'S'.repeat(43);
const OLD_SECRET = 'whsec_' + 'O'.repeat(43);

const alerts: AlertsAnswer = {
  alerts: [
    {
      alert_id: 41,
      company_number: '09876543',
      company_name: HOSTILE,
      alert_type: 'status_change',
      severity: 'critical',
      title: HOSTILE,
      detail: HOSTILE,
      detected_at: '2026-11-24T09:05:07.000Z',
      links: { company: 'https://x/company/09876543', alerts: 'https://x/watchlist/alerts' },
      lists: [{ id: 3, name: HOSTILE }],
      delivery: { event_id: 'evt_41_1', status: 'failed' },
      not_sent_reason: null,
    },
    {
      alert_id: 40,
      company_number: 'SC412345',
      company_name: 'HIGHLAND TIMBER SUPPLIES LIMITED',
      alert_type: 'accounts_filed',
      severity: 'info',
      title: 'Accounts filed',
      detail: 'Filed.',
      detected_at: '2026-11-24T09:00:00.000Z',
      links: { company: 'https://x/company/SC412345', alerts: 'https://x/watchlist/alerts' },
      lists: [],
      delivery: null,
      not_sent_reason: null,
    },
  ],
  next_before: 40,
};

const delivery: DeliveryView = {
  id: 'evt_41_1',
  event_type: 'company.alert',
  status: 'failed',
  url: `https://hooks.example.com/${HOSTILE}`,
  company_number: '09876543',
  alert_id: 41,
  attempt_count: 2,
  max_attempts: 8,
  created_at: '2026-11-24T09:05:08.000Z',
  updated_at: '2026-11-24T09:06:08.000Z',
  next_attempt_at: null,
  completed_at: '2026-11-24T09:06:08.000Z',
  redelivery_count: 1,
  redelivered_at: '2026-11-24T09:06:00.000Z',
  attempts: [
    {
      number: 1,
      attempted_at: '2026-11-24T09:05:08.000Z',
      duration_ms: 31,
      delivered: false,
      status_code: 500,
      error_class: 'http_status',
      error_message: HOSTILE,
      response_body_snippet: HOSTILE,
      resolved_address: '203.0.113.9',
      signed_with: ['whs_a', 'whs_b'],
      next_attempt_at: '2026-11-24T09:06:08.000Z',
    },
    {
      number: 2,
      attempted_at: '2026-11-24T09:06:08.000Z',
      duration_ms: 10_000,
      delivered: false,
      status_code: null,
      error_class: 'timeout',
      error_message: 'no answer in 10 s',
      response_body_snippet: null,
      resolved_address: null,
      signed_with: [],
      next_attempt_at: null,
    },
  ],
};

const deliveries: DeliveriesAnswer = {
  deliveries: [delivery, { ...delivery, id: 'evt_test_abc', event_type: 'webhook.test', attempts: [] }],
  next_cursor: 'eyJjIjoxfQ',
  endpoints: [],
};

const secretView: WebhookSecretView = {
  id: 'whs_new',
  secret: SECRET,
  standard_webhooks_secret: 'whsec_c3RhbmRhcmQ=',
  created_at: '2026-11-24T10:00:00.000Z',
  previous: null,
};
const rotating: WebhookSecretView = {
  ...secretView,
  previous: {
    id: 'whs_old',
    secret: OLD_SECRET,
    standard_webhooks_secret: 'whsec_b2xk',
    expires_at: '2026-11-25T10:00:00.000Z',
  },
};
const problem = { status: 400, fields: { company_number: HOSTILE, status: HOSTILE, url: HOSTILE } };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages of different props in one table
const pages: [string, VNode<any>][] = [
  ['alerts', h(AlertsPage, { viewer, answer: alerts, companyNumber: HOSTILE, problem })],
  ['alerts, empty', h(AlertsPage, { viewer, answer: { alerts: [], next_before: null } })],
  [
    'deliveries',
    h(DeliveriesPage, {
      viewer,
      answer: deliveries,
      status: 'failed',
      filterProblem: problem,
      typedUrl: HOSTILE,
      testProblem: problem,
    }),
  ],
  [
    'deliveries, two disabled addresses',
    h(DeliveriesPage, {
      viewer,
      answer: {
        deliveries: [],
        next_cursor: null,
        endpoints: [HOSTILE, `${HOSTILE}/2`].map((url) => ({
          url,
          state: 'disabled' as const,
          consecutive_failures: 9,
          last_error: HOSTILE,
          last_success_at: null,
          failing_since: '2026-11-20T09:00:00.000Z',
          disabled_at: '2026-11-25T09:00:00.000Z',
        })),
      },
    }),
  ],
  [
    'deliveries, empty',
    h(DeliveriesPage, { viewer, answer: { deliveries: [], next_cursor: null, endpoints: [] } }),
  ],
  ['delivery', h(DeliveryPage, { viewer, delivery, problem: { status: 409, fields: {}, message: HOSTILE } })],
  ['webhook secret', h(WebhookSecretPage, { viewer, view: rotating, revealed: false })],
  ['webhook secret, revealed', h(WebhookSecretPage, { viewer, view: rotating, revealed: true })],
  ['rotate secret', h(RotateSecretPage, { viewer, view: rotating })],
];

describe.each(pages)('the %s page', (_name, page) => {
  const html = render(page);
  const all = elements(parseDocument(html) as unknown as Node);
  const byName = (name: string) => all.filter((e) => e.name === name);

  it('has one h1, a header with the signed-in nav, and a main', () => {
    expect(byName('h1')).toHaveLength(1);
    expect(byName('header')).toHaveLength(1);
    expect(byName('main')).toHaveLength(1);
    const nav = byName('a').map((a) => a.attribs.href);
    expect(nav).toEqual(
      expect.arrayContaining(['/app/lists', '/app/alerts', '/app/deliveries', '/app/webhook-secret']),
    );
  });

  it('labels every visible control, and every button and link says what it does', () => {
    const ids = all.map((e) => e.attribs.id).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
    const labelled = new Set(byName('label').map((l) => l.attribs.for));
    for (const control of [...byName('input'), ...byName('select'), ...byName('textarea')]) {
      if (control.attribs.type === 'hidden') continue;
      expect(labelled).toContain(control.attribs.id);
    }
    for (const button of byName('button')) expect(textOf(button).trim()).not.toBe('');
    for (const link of byName('a')) expect(textOf(link).trim()).not.toBe('');
  });

  it('gives every POST form the CSRF field, and keeps GET forms (filters) free of it', () => {
    for (const form of byName('form')) {
      const fields = elements(form).filter((e) => e.name === 'input' && e.attribs.name === 'csrf');
      expect(['get', 'post']).toContain(form.attribs.method);
      expect(fields).toHaveLength(form.attribs.method === 'post' ? 1 : 0);
    }
    for (const th of byName('th')) expect(['col', 'row']).toContain(th.attribs.scope);
  });

  it('runs no inline script or style and escapes every text it was given', () => {
    expect(byName('script')).toHaveLength(0);
    expect(byName('style')).toHaveLength(0);
    expect(byName('img')).toHaveLength(0);
    expect(all.some((e) => Object.keys(e.attribs).some((a) => a.startsWith('on') || a === 'style'))).toBe(
      false,
    );
  });
});

describe('what the alert and delivery pages say', () => {
  it('shows each alert with its severity, company link, lists and delivery status linking to the delivery', () => {
    const html = render(h(AlertsPage, { viewer, answer: alerts }));
    expect(html).toContain('<span class="severity severity-critical">Critical</span>');
    expect(html).toContain('<a href="/app/companies/09876543">');
    expect(html).toContain('<a href="/app/lists/3">');
    expect(html).toMatch(
      /<a href="\/app\/deliveries\/evt_41_1"><span class="delivery-status delivery-status-failed">Failed/,
    );
    expect(html).toContain('Not sent: no webhook address applied to this alert');
    expect(html).toContain('<time datetime="2026-11-24T09:05:07.000Z">24 Nov 2026, 09:05:07 UTC</time>');
    // Older alerts continue from the operation's next_before; no "newest" link on the first page.
    expect(html).toContain('href="/app/alerts?before=40"');
    expect(html).not.toContain('Newest alerts');
  });

  it('keeps the company filter in the paging links and offers the way back to the newest', () => {
    const html = render(h(AlertsPage, { viewer, answer: alerts, companyNumber: 'SC412345', before: '90' }));
    expect(html).toContain('href="/app/alerts?company_number=SC412345&amp;before=40"');
    expect(html).toContain('href="/app/alerts?company_number=SC412345">Newest alerts');
  });

  it('keeps a refused filter in its field but out of the paging links of the unfiltered alerts', () => {
    const refused = { status: 400, fields: { company_number: 'not a company number' } };
    const html = render(h(AlertsPage, { viewer, answer: alerts, companyNumber: 'BAD', problem: refused }));
    expect(html).toContain('value="BAD"');
    expect(html).toContain('href="/app/alerts?before=40"');
    expect(html).not.toContain('company_number=BAD');
  });

  it('says what was checked when there are no alerts', () => {
    const empty = { alerts: [], next_before: null };
    expect(render(h(AlertsPage, { viewer, answer: empty }))).toContain(
      'No alerts yet: alerts appear when a monitored company changes',
    );
    expect(render(h(AlertsPage, { viewer, answer: empty, companyNumber: '01234567' }))).toContain(
      'No alerts for company 01234567 yet.',
    );
    expect(render(h(AlertsPage, { viewer, answer: empty, before: '5' }))).toContain('No older alerts.');
  });

  it('lists deliveries with a link each, the last answer, and a status select holding every status', () => {
    const html = render(h(DeliveriesPage, { viewer, answer: deliveries, status: 'failed' }));
    expect(html).toContain('<a href="/app/deliveries/evt_41_1"><code>evt_41_1</code></a>');
    expect(html).toContain('No answer (timeout)');
    expect(html).toContain('Test webhook');
    expect(html).toContain('<option value>Any status</option>');
    for (const status of ['pending', 'delivered']) expect(html).toContain(`<option value="${status}">`);
    expect(html).toMatch(/<option value="failed" selected/);
    expect(html).toContain('href="/app/deliveries?status=failed&amp;cursor=eyJjIjoxfQ"');
    expect(html).toContain('<label for="test-webhook-url">Webhook URL</label>');
  });

  it('shows a delivery’s every attempt: time, answer, error, duration, resolved address, signing, next attempt', () => {
    const html = render(h(DeliveryPage, { viewer, delivery }));
    const text = textOf(parseDocument(html) as unknown as Node);
    for (const part of [
      'Attempt 1: not delivered',
      'HTTP 500',
      '31 ms',
      '203.0.113.9',
      'whs_a, whs_b',
      '24 Nov 2026, 09:06:08 UTC',
      'Attempt 2: not delivered',
      'No answer (timeout)',
      'no answer in 10 s',
      '10000 ms',
      'None (not resolved)',
      'None after this one',
      '1 time, last at 24 Nov 2026, 09:06:00 UTC',
      HOSTILE,
    ]) {
      expect(text).toContain(part);
    }
    expect(html).toContain('action="/app/deliveries/evt_41_1/redeliver"');
  });

  it('offers no Redeliver button while a delivery is pending', () => {
    const pending = { ...delivery, status: 'pending' as const, next_attempt_at: '2026-11-24T09:07:08.000Z' };
    const html = render(h(DeliveryPage, { viewer, delivery: pending }));
    expect(html).not.toContain('redeliver-form');
    expect(html).toContain('next attempt <time datetime="2026-11-24T09:07:08.000Z">');
  });
});

describe('the signing secret page', () => {
  it('holds no secret until revealed, then shows it', () => {
    const hidden = render(h(WebhookSecretPage, { viewer, view: secretView, revealed: false }));
    expect(hidden).not.toContain(SECRET);
    expect(hidden).not.toContain('whsec_');
    expect(hidden).toContain('action="/app/webhook-secret/reveal"');
    const shown = render(h(WebhookSecretPage, { viewer, view: secretView, revealed: true }));
    expect(shown).toContain(`<code id="webhook-secret" class="secret">${SECRET}</code>`);
    expect(shown).not.toContain('reveal-secret-form');
  });

  it('explains the overlap with both secrets and when the previous one stops, only during a rotation', () => {
    expect(render(h(WebhookSecretPage, { viewer, view: secretView, revealed: false }))).not.toContain(
      'rotation-overlap',
    );
    const html = render(h(WebhookSecretPage, { viewer, view: rotating, revealed: false }));
    const overlap = /<section[^>]*id="rotation-overlap"[\s\S]*?<\/section>/.exec(html)![0];
    expect(overlap).toContain('whs_new');
    expect(overlap).toContain('whs_old');
    expect(textOf(parseDocument(overlap) as unknown as Node)).toContain(
      'whs_old: signs until 25 Nov 2026, 10:00:00 UTC',
    );
  });

  it('shows both values during the overlap once revealed, and neither before', () => {
    const hidden = render(h(WebhookSecretPage, { viewer, view: rotating, revealed: false }));
    expect(hidden).not.toContain(SECRET);
    expect(hidden).not.toContain(OLD_SECRET);
    expect(hidden).not.toContain('whsec_');
    const shown = render(h(WebhookSecretPage, { viewer, view: rotating, revealed: true }));
    expect(shown).toContain(`<code id="webhook-secret" class="secret">${SECRET}</code>`);
    const overlap = /<section[^>]*id="rotation-overlap"[\s\S]*?<\/section>/.exec(shown)![0];
    expect(overlap).toContain(`<code id="previous-webhook-secret" class="secret">${OLD_SECRET}</code>`);
    expect(render(h(WebhookSecretPage, { viewer, view: secretView, revealed: true }))).not.toContain(
      'previous-webhook-secret',
    );
  });

  it('warns, before a second rotation inside the overlap, that the previous secret stops at once', () => {
    expect(render(h(RotateSecretPage, { viewer, view: secretView }))).not.toContain(
      'second-rotation-warning',
    );
    const html = render(h(RotateSecretPage, { viewer, view: rotating }));
    expect(html).toContain('id="second-rotation-warning"');
    expect(html).toContain('<code>whs_old</code>');
    expect(html).not.toContain(SECRET);
    expect(html).not.toContain(OLD_SECRET);
  });
});

describe('utcText', () => {
  it('writes an instant in UTC with seconds', () => {
    expect(utcText('2026-01-02T03:04:05.678Z')).toBe('2 Jan 2026, 03:04:05 UTC');
    expect(utcText('2026-12-31T23:59:59.999Z')).toBe('31 Dec 2026, 23:59:59 UTC');
  });

  it('leaves what is not an instant as it is', () => {
    expect(utcText('not a date')).toBe('not a date');
    expect(utcText('')).toBe('');
  });
});
