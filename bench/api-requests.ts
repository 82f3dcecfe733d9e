import { nameStem, normaliseCompanyName } from '../src/domain/companies/company-name';
import type { SampledCompany } from './api-database';
import type { LoadRequest, ReplyCheck } from './api-load';

// What bench:api sends: the kinds of request, how each reply is checked, and the requests themselves.

const MCP_PROTOCOL_VERSION = '2025-06-18';

export type Kind =
  | 'baseline'
  | 'rest_get_company'
  | 'rest_search_companies'
  | 'mcp_get_company'
  | 'mcp_search_companies'
  | 'mcp_search_exact_name'
  | 'mcp_search_one_word'
  | 'rest_get_company_real_quotas';

export const KIND_LABELS: Record<Kind, string> = {
  baseline: 'baseline: bare Koa, constant JSON',
  rest_get_company: 'REST GET /company/{n}',
  rest_search_companies: 'REST GET /companies?q=',
  mcp_get_company: 'MCP tools/call get_company',
  mcp_search_companies: 'MCP tools/call search_companies',
  mcp_search_exact_name: 'MCP search_companies, exact name',
  mcp_search_one_word: 'MCP search_companies, one word',
  rest_get_company_real_quotas: 'REST GET /company/{n}, real quotas',
};

export const KIND_CHECKS: Record<Kind, ReplyCheck> = {
  baseline: 'json',
  rest_get_company: 'rest-company',
  rest_search_companies: 'rest-search',
  mcp_get_company: 'mcp-company',
  mcp_search_companies: 'mcp-search',
  mcp_search_exact_name: 'mcp-search-first',
  mcp_search_one_word: 'mcp-search',
  rest_get_company_real_quotas: 'rest-company',
};

export interface RequestFactory {
  sample: SampledCompany[];
  random: () => number;
  /** The key for request i of a cell. */
  key: (i: number) => string;
}

/** "Words of a random existing name": the name without its legal form, as someone would type it. */
export function searchWords(name: string): string {
  return nameStem(normaliseCompanyName(name)).toLowerCase() || name;
}

/** One word of an existing name, as someone browsing would type it ("cleaning"): often a common word. */
export function oneWord(name: string, random: () => number): string {
  const words = searchWords(name).split(' ');
  return words[Math.floor(random() * words.length)]!;
}

export function buildRequests(kind: Kind, count: number, f: RequestFactory): LoadRequest[] {
  const pick = () => f.sample[Math.floor(f.random() * f.sample.length)]!;
  const rest = (i: number) => ({ 'X-Api-Key': f.key(i), Accept: 'application/json' });
  const mcp = (i: number, name: string, args: Record<string, unknown>): LoadRequest => ({
    method: 'POST',
    path: '/mcp',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': MCP_PROTOCOL_VERSION,
      'X-Api-Key': f.key(i),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  return Array.from({ length: count }, (_, i): LoadRequest => {
    switch (kind) {
      case 'baseline':
        return { method: 'GET', path: '/baseline', headers: { Accept: 'application/json' } };
      case 'rest_get_company':
      case 'rest_get_company_real_quotas':
        return {
          method: 'GET',
          path: `/company/${encodeURIComponent(pick().company_number)}`,
          headers: rest(i),
        };
      case 'rest_search_companies':
        return {
          method: 'GET',
          path: `/companies?q=${encodeURIComponent(searchWords(pick().company_name))}`,
          headers: rest(i),
        };
      case 'mcp_get_company':
        return mcp(i, 'get_company', { company_number: pick().company_number });
      case 'mcp_search_companies':
        return mcp(i, 'search_companies', { q: searchWords(pick().company_name) });
      case 'mcp_search_one_word':
        return mcp(i, 'search_companies', { q: oneWord(pick().company_name, f.random) });
      case 'mcp_search_exact_name': {
        // The name as the register spells it: the "Done when" asks that it comes back first.
        const company = pick();
        return {
          ...mcp(i, 'search_companies', { q: company.company_name }),
          expectFirst: company.company_number,
        };
      }
    }
  });
}
