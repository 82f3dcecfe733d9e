import { h, type VNode } from 'preact';
import type { ListView } from '../../../src/domain/lists/list-view';
import type { Viewer } from '../../../src/web/layout';
import { ListPage, type ListCompanies } from '../../../src/web/pages/list-page';
import type { SearchResult } from '../../../src/web/pages/list-search';
import { ListSettingsPage } from '../../../src/web/pages/list-settings-page';

/** The lists area's pages in their states, for the checks every page passes (pages.test.ts). */
export function listAreaPages(
  viewer: Viewer,
  list: ListView,
  companies: ListCompanies,
  hostile: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages of different props in one table
): [string, VNode<any>][] {
  const refused = {
    status: 400,
    fields: {
      name: hostile,
      webhook_url: hostile,
      alert_webhook: hostile,
      alert_types: hostile,
      min_severity: hostile,
    },
  };
  const sending = { ...list, webhook_url: `https://hooks.example.com/${hostile}`, alert_webhook: true };
  const settings = { viewer, list, plan: 'team' as const, upgradeUrl: 'https://example.com/pricing' };
  const found: SearchResult = {
    items: [
      {
        company_number: '00445790',
        company_name: hostile,
        company_status: 'active',
        type: 'ltd',
        date_of_creation: '2001-01-01',
        registered_office_address: { locality: hostile, postal_code: null },
        sic_codes: [],
      },
    ],
    total: 40,
    total_exact: true,
    limit: 10,
    offset: 0,
    next_offset: 10,
    limited_by_plan: true,
  };
  const none: SearchResult = { ...found, items: [], total: 0, next_offset: null, limited_by_plan: false };
  return [
    [
      'list, filtered, with search results',
      h(ListPage, {
        viewer,
        page: companies,
        filters: { status: 'active', grade: 'A,B', sort: 'score' },
        filterProblem: { status: 400, fields: { status: hostile }, message: hostile },
        search: { q: hostile, result: found },
      }),
    ],
    ['list, nothing found', h(ListPage, { viewer, page: companies, search: { q: hostile, result: none } })],
    [
      'list, search refused',
      h(ListPage, {
        viewer,
        page: companies,
        search: { q: hostile, problem: { status: 400, fields: { q: hostile } } },
      }),
    ],
    ['list settings (team)', h(ListSettingsPage, { ...settings, saved: 'name' })],
    [
      'list settings (team), refused',
      h(ListSettingsPage, {
        ...settings,
        list: sending,
        refusal: {
          form: 'webhook',
          typed: {
            webhook_url: hostile,
            alert_webhook: true,
            sanctions_alerts: false,
            standard_webhooks: true,
            alert_types: ['new_filing', hostile],
            min_severity: hostile,
          },
          problem: refused,
        },
      }),
    ],
    [
      'list settings (team), rename refused',
      h(ListSettingsPage, {
        ...settings,
        refusal: { form: 'rename', typed: { name: hostile }, problem: refused },
      }),
    ],
    ['list settings (free)', h(ListSettingsPage, { ...settings, plan: 'free' })],
    [
      'list settings (starter), sending',
      h(ListSettingsPage, { ...settings, plan: 'starter', list: sending }),
    ],
  ];
}
