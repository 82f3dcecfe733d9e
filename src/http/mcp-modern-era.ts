import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  createMcpHandler,
  isLegacyRequest,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  Server,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import type { ParameterizedContext } from 'koa';
import type { AppState } from './state';

/** What one request's tool calls run as: the caller's account, its call context and its request id. */
export type ToolCaller = (name: string, args: unknown) => Promise<CallToolResult>;

/** The key under which a request's ToolCaller rides to the SDK's server factory, in the authInfo it passes through. */
const TOOL_CALLER = 'companyDataToolCaller';

/**
 * The 2026-07-28 revision (no initialize; server/discover; the `_meta` envelope and the Mcp-Method, Mcp-Name and
 * MCP-Protocol-Version headers checked against the body), served by the SDK 2.x entry for it. Built once: each
 * request gets a fresh low-level Server from the factory, as the 2025 path builds one. Modern-only (`legacy:
 * 'reject'`): 2025-era requests never reach it, they stay on the SDK 1.x path and its direct replies
 * (mcp-endpoint.ts), which `isModernRequest` decides with the SDK's own classification.
 */
export function modernEraHandler(
  definitions: readonly Tool[],
  serverInfo: { name: string; version: string },
): McpHttpHandler {
  // Shared, as on the 2025 path: a Server given none builds its own Ajv, for every request.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  return createMcpHandler(
    ({ authInfo }) => {
      const callTool = authInfo?.extra?.[TOOL_CALLER] as ToolCaller | undefined;
      const server = new Server(serverInfo, {
        capabilities: { tools: { listChanged: false } },
        jsonSchemaValidator,
      });
      server.setRequestHandler('tools/list', async () => ({ tools: definitions as never }));
      server.setRequestHandler('tools/call', async (request) => {
        if (!callTool) throw new ProtocolError(-32603, 'the endpoint passed no caller');
        try {
          return (await callTool(request.params.name, request.params.arguments)) as never;
        } catch (error) {
          // An unknown tool: the same JSON-RPC error the 2025 path answers, in the SDK 2.x type that carries it.
          if (error instanceof McpError) throw new ProtocolError(error.code, error.message, error.data);
          throw error;
        }
      });
      return server;
    },
    { legacy: 'reject' },
  );
}

/** The request as the SDK 2.x entry reads it: a web Request with the headers (the body is passed parsed). */
export function webRequestOf(ctx: ParameterizedContext<AppState>): Request {
  return new Request(ctx.href, { method: 'POST', headers: webHeaders(ctx.headers) });
}

/** The first revision of the 2026 era: the SDK takes a header naming it, or anything that sorts after it, as modern. */
const FIRST_MODERN_REVISION = '2026-07-28';

/**
 * Whether the request could be a 2026-07-28 one: an MCP-Protocol-Version header of that era, or a message whose
 * `_meta` claims a revision (the envelope). Anything else is 2025-era traffic whatever the SDK would say, so it
 * goes on without a web Request built and classified for it (31 µs a request, a 2025 tool call's 6 %).
 * test/unit/edge/mcp-modern-era.test.ts checks that every request the SDK classifies as modern passes this.
 */
export function mayBeModern(body: unknown, protocolVersionHeader: string | undefined): boolean {
  if (protocolVersionHeader !== undefined && protocolVersionHeader.trim() >= FIRST_MODERN_REVISION)
    return true;
  return (Array.isArray(body) ? body : [body]).some(claimsRevision);
}

function claimsRevision(message: unknown): boolean {
  const meta = (message as { params?: { _meta?: unknown } } | null | undefined)?.params?._meta;
  return typeof meta === 'object' && meta !== null && PROTOCOL_VERSION_META_KEY in meta;
}

/** Whether the SDK's classification sends this request to the 2026-07-28 path (an envelope claim, or a modern header). */
export async function isModernRequest(request: Request, body: unknown): Promise<boolean> {
  return !(await isLegacyRequest(request, body));
}

/** Answers a 2026-07-28 request through the SDK 2.x entry and writes its web Response to Koa. */
export async function replyModern(
  ctx: ParameterizedContext<AppState>,
  handler: McpHttpHandler,
  request: Request,
  body: unknown,
  callTool: ToolCaller,
): Promise<void> {
  const response = await handler.fetch(request, {
    parsedBody: body,
    authInfo: { token: '', clientId: '', scopes: [], extra: { [TOOL_CALLER]: callTool } },
  });
  ctx.status = response.status;
  // Set before the body, so that Koa keeps the SDK's bare media type instead of adding a charset.
  response.headers.forEach((value, name) => ctx.set(name, value));
  if (response.body) ctx.body = Readable.fromWeb(response.body as WebReadableStream);
  else ctx.body = null;
}

function webHeaders(headers: IncomingHttpHeaders): Headers {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    web.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return web;
}
