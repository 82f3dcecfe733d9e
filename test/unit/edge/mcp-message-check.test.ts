import { protocolVersionOf, refuseMalformedMcpBody } from '../../../src/http/mcp-message-check';

const call = (id: number | string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'get_company', arguments: { company_number: '01234567' } },
});
const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
});
const notification = { jsonrpc: '2.0', method: 'notifications/initialized' };

describe('the protocol version of a POST /mcp', () => {
  it('is the initialize request’s, else the header’s, else 2025-03-26 as the spec says', () => {
    expect(protocolVersionOf([initialize('2025-06-18')], '2025-03-26')).toBe('2025-06-18');
    expect(protocolVersionOf([call(1)], '2025-11-25')).toBe('2025-11-25');
    expect(protocolVersionOf([call(1)], undefined)).toBe('2025-03-26');
  });
});

describe('bodies refused before the SDK sees them', () => {
  it.each([
    ['a single request', call(1)],
    ['a notification', notification],
    ['a response from the client', { jsonrpc: '2.0', id: 4, result: {} }],
    ['a string id', call('abc')],
  ])('lets through %s in any version', (_name, body) => {
    for (const version of [undefined, '2025-03-26', '2025-06-18', '2025-11-25']) {
      expect(refuseMalformedMcpBody(body, version)).toBeUndefined();
    }
  });

  it.each([
    ['no body', undefined, -32700],
    ['a number', 42, -32600],
    ['a string', 'tools/list', -32600],
    ['null', null, -32600],
    ['an object without jsonrpc', { id: 1, method: 'tools/list' }, -32600],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, method: 'tools/list' }, -32600],
    ['an object id', { jsonrpc: '2.0', id: { a: 1 }, method: 'tools/list' }, -32600],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'tools/list' }, -32600],
    ['a boolean id', { jsonrpc: '2.0', id: true, method: 'tools/list' }, -32600],
    ['a null id on a request', { jsonrpc: '2.0', id: null, method: 'tools/list' }, -32600],
    ['a method that is not a string', { jsonrpc: '2.0', id: 1, method: 7 }, -32600],
    ['params that are not an object', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: 'x' }, -32600],
    ['an unknown member', { jsonrpc: '2.0', id: 1, method: 'tools/list', extra: 1 }, -32600],
  ])('refuses %s with HTTP 400', (_name, body, code) => {
    expect(refuseMalformedMcpBody(body, '2025-06-18')).toMatchObject({ status: 400, code });
  });

  it('refuses an empty batch as an Invalid Request in every version', () => {
    for (const version of [undefined, '2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
      expect(refuseMalformedMcpBody([], version)).toEqual({
        status: 400,
        code: -32600,
        message: 'Invalid Request: an empty batch',
      });
    }
  });

  it('refuses a batch from 2025-06-18 on, by header or by initialize', () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const refusal = refuseMalformedMcpBody([call(1), call(2)], version);
      expect(refusal).toMatchObject({ status: 400, code: -32600 });
      expect(refusal?.message).toContain(`MCP ${version} has no JSON-RPC batches`);
    }
    expect(refuseMalformedMcpBody([initialize('2025-06-18')], undefined)).toMatchObject({ code: -32600 });
  });

  it('serves a batch for 2025-03-26 and earlier, and when no version is given', () => {
    for (const version of ['2025-03-26', '2024-11-05', undefined]) {
      expect(refuseMalformedMcpBody([call(1), notification, call(2)], version)).toBeUndefined();
    }
    expect(refuseMalformedMcpBody([initialize('2025-03-26')], '2025-11-25')).toBeUndefined();
  });

  it('refuses a 2025-03-26 batch of more than 100 messages', () => {
    const batch = Array.from({ length: 101 }, (_, i) => call(i));
    expect(refuseMalformedMcpBody(batch, '2025-03-26')).toMatchObject({ status: 400, code: -32600 });
    expect(refuseMalformedMcpBody(batch.slice(0, 100), '2025-03-26')).toBeUndefined();
  });

  it('refuses a 2025-03-26 batch holding something that is not a message, naming which', () => {
    expect(refuseMalformedMcpBody([call(1), 42], '2025-03-26')).toEqual({
      status: 400,
      code: -32600,
      message: 'Invalid Request: message 1 of the batch is not a JSON-RPC 2.0 message',
    });
  });
});
