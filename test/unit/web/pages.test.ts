import { parseDocument } from 'htmlparser2';
import { h, type VNode } from 'preact';
import { render } from 'preact-render-to-string';
import type { ServiceError } from '../../../src/domain/errors';
import { ApiKeyPage } from '../../../src/web/pages/api-key-page';
import { ConnectPage } from '../../../src/web/pages/connect-page';
import { ConnectedClientsPage } from '../../../src/web/pages/connected-clients-page';
import { DeleteListPage } from '../../../src/web/pages/delete-list-page';
import { ErrorPage } from '../../../src/web/pages/error-page';
import { HomePage } from '../../../src/web/pages/home-page';
import { ListPage, type ListCompanies } from '../../../src/web/pages/list-page';
import { ListsPage } from '../../../src/web/pages/lists-page';
import { listAreaPages } from './list-area-pages';
import { SignInPage } from '../../../src/web/pages/sign-in-page';
import { SignUpPage } from '../../../src/web/pages/sign-up-page';

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
const listView = {
  id: 7,
  name: HOSTILE,
  kind: 'clients' as const,
  is_default: false,
  company_count: 1,
  overdue_filings: 1,
  alert_count: 2,
  health_grades: { A: 0, B: 0, C: 0, D: 0, E: 0, unscored: 1 },
  webhook_url: null,
  alert_webhook: false,
  sanctions_alerts: false,
  standard_webhooks: false,
  alert_types: [],
  min_severity: 'info' as const,
  webhook_health: null,
  open_potential_matches: 0,
  created_at: '2026-11-24T00:00:00.000Z',
};
const companies: ListCompanies = {
  list: { id: 7, name: HOSTILE, kind: 'clients', is_default: false, webhook_url: null, webhook_health: null },
  items: [
    {
      company_number: '00445790',
      company_name: HOSTILE,
      company_status: 'active',
      added_at: '2026-11-24T00:00:00.000Z',
      accounts: { next_due: null, overdue: true },
      confirmation_statement: { next_due: null, overdue: false },
      health: null,
    },
  ],
  total: 120,
  limit: 50,
  offset: 50,
  next_offset: 100,
};
const problem = { status: 400, fields: { name: HOSTILE, email: HOSTILE, company_numbers: HOSTILE } };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages of different props in one table
const pages: [string, VNode<any>][] = [
  ['home', h(HomePage, {})],
  ['sign-up', h(SignUpPage, { csrfToken: viewer.csrfToken, email: HOSTILE, problem })],
  ['sign-in', h(SignInPage, { csrfToken: viewer.csrfToken, error: 'That API key is unknown' })],
  ['api key', h(ApiKeyPage, { apiKey: 'cds_abc', email: HOSTILE })],
  ['lists', h(ListsPage, { viewer, lists: [listView], typed: { name: HOSTILE, kind: 'clients' }, problem })],
  ['lists, empty', h(ListsPage, { viewer, lists: [] })],
  ['list', h(ListPage, { viewer, page: companies, typed: HOSTILE, problem })],
  ['delete list', h(DeleteListPage, { viewer, list: { id: 7, name: HOSTILE }, companyCount: 1 })],
  // A client names itself when it registers: its name and redirect host are anyone's text.
  [
    'OAuth consent',
    h(ConnectPage, {
      viewer,
      request: { uid: 'u1', clientId: HOSTILE, clientName: HOSTILE, redirectHost: HOSTILE, scope: 'mcp' },
    }),
  ],
  [
    'connected assistants',
    h(ConnectedClientsPage, {
      viewer,
      clients: [{ grantId: 'g1', clientId: 'c1', clientName: HOSTILE, redirectHost: HOSTILE }],
    }),
  ],
  ['connected assistants, none', h(ConnectedClientsPage, { viewer, clients: [] })],
  ...listAreaPages(viewer, listView, companies, HOSTILE),
  [
    'error',
    h(ErrorPage, {
      status: 403,
      error: { code: 'csrf_refused', message: HOSTILE } as ServiceError,
      requestId: 'r-1',
      viewer,
    }),
  ],
];

describe.each(pages)('the %s page', (_name, page) => {
  const html = render(page);
  const all = elements(parseDocument(html) as unknown as Node);
  const byName = (name: string) => all.filter((e) => e.name === name);

  it('has one h1, a header with nav, and a main', () => {
    expect(byName('h1')).toHaveLength(1);
    expect(byName('header')).toHaveLength(1);
    expect(byName('nav').length).toBeGreaterThanOrEqual(1);
    expect(byName('main')).toHaveLength(1);
    expect(byName('html')[0]!.attribs.lang).toBe('en-GB');
  });

  it('labels every visible control, and every button says what it does', () => {
    const ids = new Set(all.map((e) => e.attribs.id).filter(Boolean));
    expect(ids.size).toBe(all.filter((e) => e.attribs.id).length);
    const labelled = new Set(byName('label').map((l) => l.attribs.for));
    for (const control of [...byName('input'), ...byName('select'), ...byName('textarea')]) {
      if (control.attribs.type === 'hidden') continue;
      expect(labelled).toContain(control.attribs.id);
    }
    for (const button of byName('button')) expect(textOf(button).trim()).not.toBe('');
    for (const link of byName('a')) expect(textOf(link).trim()).not.toBe('');
  });

  it('gives every POST form the CSRF field, and every table header a scope', () => {
    for (const form of byName('form')) {
      expect(['post', 'get']).toContain(form.attribs.method);
      const fields = elements(form).filter((e) => e.name === 'input' && e.attribs.name === 'csrf');
      // A GET form (a search, filters) changes nothing and must not put the token in a URL.
      expect(fields).toHaveLength(form.attribs.method === 'post' ? 1 : 0);
    }
    for (const th of byName('th')) expect(['col', 'row']).toContain(th.attribs.scope);
  });

  it('runs no inline script or style and escapes what users typed', () => {
    for (const script of byName('script')) {
      expect(script.attribs.src).toMatch(/^\/assets\//);
      expect(textOf(script)).toBe('');
    }
    expect(byName('style')).toHaveLength(0);
    expect(all.some((e) => Object.keys(e.attribs).some((a) => a.startsWith('on') || a === 'style'))).toBe(
      false,
    );
    expect(byName('img')).toHaveLength(0);
  });
});

describe('what the pages say', () => {
  it('puts an operation’s refusal next to its field, keeping what was typed', () => {
    const html = render(
      h(ListsPage, { viewer, lists: [], typed: { name: 'Dup', kind: 'portfolio' }, problem }),
    );
    expect(html).toContain('id="list-name-error"');
    expect(html).toContain('aria-describedby="list-name-hint list-name-error"');
    expect(html).toContain('value="Dup"');
    expect(html).toMatch(/<option value="portfolio" selected/);
  });

  it('never writes a refused key back into the sign-in form', () => {
    const html = render(h(SignInPage, { csrfToken: viewer.csrfToken, error: 'unknown key' }));
    // An empty value attribute: the page has no way to be given the key back.
    expect(html).toMatch(/<input id="api-key" name="api_key" type="password" value[ />]/);
  });

  it('pages a long list both ways', () => {
    const html = render(h(ListPage, { viewer, page: companies }));
    expect(html).toContain('href="/app/lists/7?offset=0"');
    expect(html).toContain('href="/app/lists/7?offset=100"');
  });

  it('shows the status code of an error page, and hides an error’s message behind a 404', () => {
    const error = { code: 'not_found', message: 'List not found' } as ServiceError;
    const html = render(h(ErrorPage, { status: 404, error, requestId: 'r-2' }));
    expect(html).toContain('<code id="error-code">not_found</code>');
    expect(html).toContain('r-2');
  });
});
