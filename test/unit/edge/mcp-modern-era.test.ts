import { classifyInboundRequest, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { mayBeModern } from '../../../src/http/mcp-modern-era';
import { call, corpus, initialize, list } from '../../support/mcp-corpus';

/*
 * mayBeModern lets 2025-era requests skip the SDK's classification (mcp-endpoint.ts). It may say yes too often,
 * never too rarely: every request the SDK 2.x classifies as 2026-07-28 must pass it, or that request would be
 * served as a 2025 one. Checked on the malformed corpus and on modern requests of every shape.
 */

const envelope = {
  [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const withMeta = (message: Record<string, unknown>, meta: unknown) => ({
  ...message,
  params: { ...((message.params as object) ?? {}), _meta: meta },
});

const modernCases: { name: string; body: unknown; header?: string; method?: string }[] = [
  { name: 'tools/list with the envelope', body: withMeta(list(), envelope), header: '2026-07-28' },
  {
    name: 'tools/call with the envelope',
    body: withMeta(call('get_company', {}), envelope),
    header: '2026-07-28',
  },
  { name: 'the envelope and no header', body: withMeta(list(), envelope) },
  { name: 'a modern header and no envelope', body: list(), header: '2026-07-28' },
  {
    name: 'an unknown later revision',
    body: withMeta(list(), { [PROTOCOL_VERSION_META_KEY]: '2099-01-01' }),
  },
  { name: 'a header that sorts after the era', body: list(), header: 'latest' },
  {
    name: 'a notification with the envelope',
    body: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { _meta: envelope } },
  },
  { name: 'server/discover', body: withMeta({ jsonrpc: '2.0', id: 1, method: 'server/discover' }, envelope) },
];

function classify(body: unknown, header: string | undefined, method?: string) {
  return classifyInboundRequest({
    httpMethod: 'POST',
    body,
    ...(header !== undefined && { protocolVersionHeader: header }),
    ...(method !== undefined && { mcpMethodHeader: method }),
  } as Parameters<typeof classifyInboundRequest>[0]);
}

describe('mayBeModern', () => {
  it.each(modernCases.map((item) => [item.name, item] as const))(
    'passes %s, which the SDK classifies as 2026-07-28',
    (_name, { body, header, method }) => {
      expect(classify(body, header, method).kind).not.toBe('legacy');
      expect(mayBeModern(body, header)).toBe(true);
    },
  );

  it('passes every corpus request the SDK classifies as modern', () => {
    const parsed = corpus.filter(
      (item) => !(typeof item.body === 'object' && item.body !== null && 'raw' in item.body),
    );
    for (const item of parsed) {
      const header = item.headers?.['MCP-Protocol-Version'];
      const sent = header === null ? undefined : (header ?? '2025-06-18');
      if (classify(item.body, sent).kind === 'modern')
        expect([item.name, mayBeModern(item.body, sent)]).toEqual([item.name, true]);
    }
  });

  it.each([
    ['a 2025-11-25 initialize', initialize('2025-11-25'), undefined],
    ['a 2025-06-18 tools/call', call('get_company', {}), '2025-06-18'],
    ['a progress token in _meta (2025)', withMeta(list(), { progressToken: 1 }), '2025-11-25'],
    ['a 2025-03-26 batch', [list(1), list(2)], '2025-03-26'],
  ])('lets %s skip the classification (the SDK calls it legacy too)', (_name, body, header) => {
    expect(classify(body, header).kind).toBe('legacy');
    expect(mayBeModern(body, header)).toBe(false);
  });
});
