import Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ServiceError } from '../domain/errors';
import { readIdempotencyKeyHeader } from '../operations/idempotency-key';
import type { Operation } from '../operations/operation';
import type { Services } from '../services';
import { authenticate, type Caller } from './authenticate';
import { callTool, toolDefinitions, toolOperations } from './mcp-tools';
import type { AppState } from './state';

const SERVER_INFO = { name: 'company-data-service', version: '1.0.0' };
const looseToolCall = z.object({ method: z.literal('tools/call'), params: z.unknown().optional() });

function isToolCall(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { method?: unknown }).method === 'tools/call'
  );
}

/** A JSON reply when the client lists application/json before text/event-stream (as the spec's reference call does). */
function listsJsonFirst(accept: string): boolean {
  const json = accept.indexOf('application/json');
  const stream = accept.indexOf('text/event-stream');
  return json !== -1 && (stream === -1 || json < stream);
}

/**
 * POST /mcp: stateless Streamable HTTP. Each request stands alone: a fresh MCP server and transport are built
 * for it and closed with it, so any API process can answer any request. The key is checked before the
 * protocol starts; tool calls are charged per operation (as REST is), every other message counts against
 * the free-message cap.
 */
export function mcpRoutes(operations: readonly Operation[], services: Services): Router<AppState> {
  const tools = toolOperations(operations);
  const definitions = toolDefinitions(tools);
  // Built once: each request's fresh Server would otherwise compile a new Ajv (0.24 ms a request, bench/README.md).
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const router = new Router<AppState>();

  router.post('/mcp', async (ctx) => {
    const em = services.orm.em.fork();
    const caller: Caller = await authenticate(em, ctx.headers);
    // Offered to every tool call of the request; only tools that honour a key (run_kyb_check) read it.
    const idempotencyKey = readIdempotencyKeyHeader(ctx.headers['idempotency-key']);
    const messages = Array.isArray(ctx.state.body) ? ctx.state.body : [ctx.state.body];
    for (const message of messages) {
      if (!isToolCall(message)) await services.quotas.chargeFreeMessage(caller.account, caller.apiKeyId);
    }

    const server = new Server(SERVER_INFO, {
      capabilities: { tools: { listChanged: false } },
      jsonSchemaValidator,
    });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: definitions }));
    // Registered with a loose schema so that a malformed tools/call is answered as invalid params (-32602),
    // which the SDK would otherwise report as an internal error.
    server.setRequestHandler(looseToolCall, async (request) => {
      const parsed = CallToolRequestSchema.safeParse(request);
      if (!parsed.success)
        throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call request: ${parsed.error.message}`);
      return callTool(
        tools,
        parsed.data.params.name,
        parsed.data.params.arguments,
        { services, em: services.orm.em.fork(), now: services.clock(), idempotencyKey },
        caller.account,
        ctx.state.requestId,
      );
    });
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
    await transport.handleRequest(ctx.req, ctx.res, ctx.state.body);
  });

  const notAllowed: RouterMiddleware<AppState> = (ctx) => {
    ctx.set('Allow', 'POST');
    throw new ServiceError(
      'method_not_allowed',
      'This endpoint is stateless: use POST /mcp (no sessions, no server stream)',
    );
  };
  router.get('/mcp', notAllowed);
  router.delete('/mcp', notAllowed);
  return router;
}
