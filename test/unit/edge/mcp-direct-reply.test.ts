import type { IncomingHttpHeaders } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  canReplyDirectly,
  listsJsonFirst,
  OneRequestTransport,
  type SdkRequestHandling,
} from '../../../src/http/mcp-direct-reply';

const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_company', arguments: {} } };
const headers: IncomingHttpHeaders = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2025-06-18',
};

describe('canReplyDirectly: only what the SDK transport would answer with a JSON body', () => {
  it('takes one request from a client that lists JSON first', () => {
    expect(canReplyDirectly(call, headers)).toBe(true);
    expect(canReplyDirectly({ jsonrpc: '2.0', id: 'a', method: 'tools/list' }, headers)).toBe(true);
    expect(canReplyDirectly(call, { ...headers, 'mcp-protocol-version': undefined })).toBe(true);
    expect(canReplyDirectly(call, { ...headers, 'content-type': 'application/json; charset=utf-8' })).toBe(
      true,
    );
  });

  it.each([
    ['an event stream listed first', { accept: 'text/event-stream, application/json' }],
    ['no event stream accepted (the transport answers 406)', { accept: 'application/json' }],
    ['no Accept', { accept: undefined }],
    ['a body that is not JSON (415)', { 'content-type': 'text/plain' }],
    ['a JSON media type only as a parameter', { 'content-type': 'text/plain; a=application/json' }],
    ['an unsupported protocol version (400)', { 'mcp-protocol-version': '1999-01-01' }],
    ['an empty protocol version', { 'mcp-protocol-version': '' }],
  ])('leaves %s to the transport', (_name, changed) => {
    expect(canReplyDirectly(call, { ...headers, ...changed })).toBe(false);
  });

  it.each([
    ['a batch', [call]],
    ['a notification', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ['a response', { jsonrpc: '2.0', id: 1, result: {} }],
    [
      'initialize',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      },
    ],
    ['not a message', { id: 1, method: 'tools/list' }],
  ])('leaves %s to the transport', (_name, message) => {
    expect(canReplyDirectly(message, headers)).toBe(false);
  });

  it('reads Accept in order', () => {
    expect(listsJsonFirst('application/json, text/event-stream')).toBe(true);
    expect(listsJsonFirst('application/json')).toBe(true);
    expect(listsJsonFirst('text/event-stream, application/json')).toBe(false);
    expect(listsJsonFirst('text/html')).toBe(false);
  });
});

describe('OneRequestTransport', () => {
  const request = { jsonrpc: '2.0' as const, id: 7, method: 'tools/list' };

  it("hands the request straight to the SDK's request handling, which a real Server has", () => {
    const transport = new OneRequestTransport(request);
    const viaCallback = jest.fn();
    transport.onmessage = viaCallback;
    const handled: unknown[][] = [];
    const server = {
      _onrequest(this: unknown, ...args: unknown[]) {
        handled.push([this, ...args]);
      },
    };
    const extra = { requestInfo: { headers: {} } };
    transport.deliver(server as unknown as Server, extra);
    expect(handled).toEqual([[server, request, extra]]);
    expect(viaCallback).not.toHaveBeenCalled();
    // The step deliver uses is not the SDK's public API: an SDK update that renames it fails here.
    const real = new Server(
      { name: 'test', version: '1' },
      { capabilities: {} },
    ) as unknown as SdkRequestHandling;
    expect(typeof real._onrequest).toBe('function');
  });

  it('hands the request over once and keeps only the reply to it', async () => {
    const transport = new OneRequestTransport(request);
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (message) => received.push(message);
    // A server without the SDK's request handling: the request goes through the callback it installed.
    transport.deliver({} as Server, {});
    expect(received).toEqual([request]);
    await transport.send({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 1, progress: 1 },
    });
    await transport.send({ jsonrpc: '2.0', id: 8, result: {} });
    await transport.send({ jsonrpc: '2.0', id: 7, result: { tools: [] } });
    await expect(transport.reply).resolves.toEqual({ jsonrpc: '2.0', id: 7, result: { tools: [] } });
  });

  it('keeps an error reply', async () => {
    const transport = new OneRequestTransport(request);
    const error = { jsonrpc: '2.0' as const, id: 7, error: { code: -32601, message: 'Method not found' } };
    await transport.send(error);
    await expect(transport.reply).resolves.toEqual(error);
  });

  it('has no reply when closed first, and tells the server it closed', async () => {
    const transport = new OneRequestTransport(request);
    const onclose = jest.fn();
    transport.onclose = onclose;
    await transport.close();
    await transport.send({ jsonrpc: '2.0', id: 7, result: {} });
    await expect(transport.reply).resolves.toBeUndefined();
    expect(onclose).toHaveBeenCalledTimes(1);
  });
});
