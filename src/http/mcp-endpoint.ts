import Router from '@koa/router';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import {
  type CallToolRequest,
  ErrorCode,
  type JSONRPCRequest,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import { ServiceError } from '../domain/errors';
import { callContext } from '../operations/call-context';
import { readIdempotencyKeyHeader } from '../operations/idempotency-key';
import type { Operation } from '../operations/operation';
import type { Services } from '../services';
import { authenticate, type Caller } from './authenticate';
import { httpStatusOf } from './error-status';
import { readJsonBody } from './json-body';
import { canReplyDirectly, listsJsonFirst, OneRequestTransport } from './mcp-direct-reply';
import { mcpOriginPolicy, originRefusal } from './mcp-origin-policy';
import type { AccessTokenVerifier } from './oauth/access-tokens';
import { bearerChallenge } from './oauth/protected-resource';
import { refuseMalformedMcpBody, type JsonRpcRefusal } from './mcp-message-check';
import { isModernRequest, mayBeModern, modernEraHandler, replyModern, webRequestOf } from './mcp-modern-era';
import { callTool, toolDefinitions, toolOperations } from './mcp-tools';
import type { AppState } from './state';

const SERVER_INFO = { name: 'company-data-service', version: '1.0.0' };
/** JSON-RPC's implementation-defined server error, which the SDK answers for transport refusals (406, 415). */
const TRANSPORT_ERROR = -32000;
const looseToolCall = z.object({ method: z.literal('tools/call'), params: z.unknown().optional() });

function isToolCall(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { method?: unknown }).method === 'tools/call'
  );
}

/**
 * POST /mcp: stateless Streamable HTTP. Each request stands alone: a fresh MCP server is built for it, so any API
 * process can answer any request. A 2026-07-28 request is answered by the SDK 2.x entry (mcp-modern-era.ts); a
 * 2025-era one answered with JSON by the endpoint itself, everything else by the SDK 1.x transport, built for the
 * request and closed with it. The key is checked before the
 * protocol starts; tool calls are charged per operation (as REST is), every other message counts against
 * the free-message cap.
 */
export function mcpRoutes(
  operations: readonly Operation[],
  services: Services,
  accessTokens: AccessTokenVerifier,
): Router<AppState> {
  const tools = toolOperations(operations);
  const definitions = toolDefinitions(tools);
  // Built once: each request's fresh Server would otherwise compile a new Ajv (0.24 ms a request, bench/README.md).
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const directReplies = !services.config.MCP_ALWAYS_SDK_TRANSPORT;
  const modern = modernEraHandler(definitions, SERVER_INFO);
  const originPolicy = mcpOriginPolicy({
    publicBaseUrl: services.config.PUBLIC_BASE_URL,
    allowedOrigins: services.config.mcpAllowedOrigins,
    listenHost: services.config.HOST,
  });
  const router = new Router<AppState>();

  router.post('/mcp', async (ctx) => {
    // Before the key: a page on another site is refused whatever it sends, and learns nothing about the key.
    const foreign = originRefusal(originPolicy, { origin: ctx.headers.origin, host: ctx.headers.host });
    if (foreign) throw foreign;
    // Read through readRows on the ORM's root: a tool call forks its own unit of work only if its handler uses one.
    const caller: Caller = await authenticate(services.orm.em, ctx.headers, accessTokens).catch((error) => {
      // The challenge tells an OAuth client where to start (RFC 9728): a bare 401 is all it needs.
      if (error instanceof ServiceError && error.code === 'unauthenticated')
        ctx.set(
          'WWW-Authenticate',
          bearerChallenge(services.config.PUBLIC_BASE_URL, error.details?.reason === 'invalid_token'),
        );
      throw error;
    });
    // Offered to every tool call of the request; only tools that honour a key (run_kyb_check) read it.
    const idempotencyKey = readIdempotencyKeyHeader(ctx.headers['idempotency-key']);
    const body = await readMcpBody(ctx, services.config.BODY_LIMIT_BYTES);
    if (body.refusal) return answerJsonRpcError(ctx, body.refusal);
    const chargeMessages = async (): Promise<void> => {
      const messages: unknown[] = Array.isArray(body.value) ? body.value : [body.value];
      for (const message of messages) {
        if (!isToolCall(message)) await services.quotas.chargeFreeMessage(caller.account, caller.apiKeyId);
      }
    };
    const callToolAsCaller = (name: string, args: unknown) =>
      callTool(
        tools,
        name,
        args,
        callContext(services, { now: services.clock(), idempotencyKey, clientAddress: ctx.ip }),
        caller.account,
        ctx.state.requestId,
      );
    // 2026-07-28 (an envelope in _meta, or that revision in MCP-Protocol-Version): the SDK 2.x entry answers it,
    // header checks and refusals included (mcp-modern-era.ts); 2025-era requests go on as before.
    if (mayBeModern(body.value, ctx.get('MCP-Protocol-Version') || undefined)) {
      const webRequest = webRequestOf(ctx);
      if (await isModernRequest(webRequest, body.value)) {
        await chargeMessages();
        return replyModern(ctx, modern, webRequest, body.value, callToolAsCaller);
      }
    }
    const refusal = refuseMalformedMcpBody(body.value, ctx.get('MCP-Protocol-Version') || undefined);
    if (refusal) return answerJsonRpcError(ctx, refusal);
    await chargeMessages();

    const server = new Server(SERVER_INFO, {
      capabilities: { tools: { listChanged: false } },
      jsonSchemaValidator,
    });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: definitions }));
    // Registered with a loose schema so that a malformed tools/call is answered as invalid params (-32602),
    // which the SDK would otherwise report as an internal error: the SDK's Server checks every tools/call against
    // CallToolRequestSchema before this runs, and refuses a bad one so.
    server.setRequestHandler(looseToolCall, async (request) => {
      const { params } = request as unknown as CallToolRequest;
      return callToolAsCaller(params.name, params.arguments);
    });
    if (directReplies && canReplyDirectly(body.value, ctx.headers))
      await replyDirectly(ctx, server, body.value);
    else await replyThroughTransport(ctx, server, body.value);
  });
  // Only POST: the endpoint is stateless (no sessions to DELETE, no server stream to GET), so every other
  // method is a 405 with `Allow: POST` from the method guard (method-guard.ts).
  return router;
}

/**
 * One request the SDK's transport would answer with a JSON body, answered with the same body by the endpoint
 * (mcp-direct-reply.ts). Closing the server aborts a handler still running, so a client that goes away stops its
 * call as it does through the transport; once the reply is in, nothing is left to stop, and the server is left to
 * the garbage collector (closing it would build an AbortError and an McpError for nothing, 4.5 % of a call's
 * profile).
 */
async function replyDirectly(
  ctx: ParameterizedContext<AppState>,
  server: Server,
  request: JSONRPCRequest,
): Promise<void> {
  const direct = new OneRequestTransport(request);
  let replied = false;
  ctx.res.once('close', () => {
    if (!replied) void server.close();
  });
  await server.connect(direct);
  direct.deliver(server, { requestInfo: { headers: ctx.headers } });
  const reply = await direct.reply;
  replied = true;
  if (reply === undefined) {
    ctx.respond = false; // the client went away first: there is no one to answer
    return;
  }
  ctx.status = 200;
  // Set before the body, so that Koa keeps the transport's bare media type instead of adding a charset.
  ctx.set('Content-Type', 'application/json');
  ctx.body = JSON.stringify(reply);
}

/** Anything else: the SDK's Streamable HTTP transport answers it (SSE, batches, 202s and its own refusals). */
async function replyThroughTransport(
  ctx: ParameterizedContext<AppState>,
  server: Server,
  body: unknown,
): Promise<void> {
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: listsJsonFirst(ctx.get('Accept')),
  });
  ctx.res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  ctx.respond = false;
  await transport.handleRequest(ctx.req, ctx.res, body);
}

/**
 * The body as read for every route (json-body.ts), with its refusals (not JSON, too large, not
 * application/json) answered as JSON-RPC errors at the same HTTP statuses, as the SDK answers its own
 * (-32700 for a parse error, -32000 for the transport's). The error's data carries the service's code.
 */
async function readMcpBody(
  ctx: ParameterizedContext<AppState>,
  limitBytes: number,
): Promise<{ value: unknown; refusal?: undefined } | { value?: undefined; refusal: JsonRpcRefusal }> {
  try {
    return { value: await readJsonBody(ctx, limitBytes) };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const code = error.code === 'invalid_json' ? ErrorCode.ParseError : TRANSPORT_ERROR;
    return {
      refusal: {
        status: httpStatusOf[error.code],
        code,
        message: error.code === 'invalid_json' ? `Parse error: ${error.message}` : error.message,
        data: { code: error.code, details: error.details ?? {}, request_id: ctx.state.requestId },
      },
    };
  }
}

function answerJsonRpcError(ctx: ParameterizedContext<AppState>, refusal: JsonRpcRefusal): void {
  ctx.status = refusal.status;
  ctx.body = {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: refusal.code,
      message: refusal.message,
      ...(refusal.data ? { data: refusal.data } : {}),
    },
  };
}
