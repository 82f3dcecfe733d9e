import {
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  ErrorCode,
  JSONRPCMessageSchema,
  isInitializeRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';

/** MCP 2025-06-18 removed JSON-RPC batching; 2025-03-26 had it, and earlier versions speak plain JSON-RPC 2.0. */
export const FIRST_VERSION_WITHOUT_BATCHES = '2025-06-18';

/** A JSON-RPC error answered for the whole HTTP request, before any message is handled. */
export interface JsonRpcRefusal {
  status: number;
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

/**
 * The protocol version a POST /mcp speaks: an initialize request's proposal, else the MCP-Protocol-Version
 * header, else 2025-03-26, which the spec tells servers to assume when a client sends no header.
 */
export function protocolVersionOf(messages: readonly unknown[], header: string | undefined): string {
  const initialize = messages.find(isInitializeRequest);
  if (initialize) return initialize.params.protocolVersion;
  return header || DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
}

/**
 * Refuses a body the SDK would mishandle or the protocol forbids, as JSON-RPC says: not one message (or a
 * batch of them) is -32600 Invalid Request, where the SDK answers -32700 Parse error for JSON it parsed;
 * an empty batch is -32600 in every version (JSON-RPC 2.0), where the SDK answers 202; and a batch is -32600
 * for protocol versions that no longer have batches, where the SDK serves it whatever the version. Refused
 * here, a body costs nothing: the free-message cap is charged after this check.
 */
export function refuseMalformedMcpBody(
  body: unknown,
  protocolVersionHeader: string | undefined,
): JsonRpcRefusal | undefined {
  if (body === undefined) return parseError('the body is empty: send one JSON-RPC message');
  if (!Array.isArray(body)) {
    return JSONRPCMessageSchema.safeParse(body).success
      ? undefined
      : invalidRequest('the body is not a JSON-RPC 2.0 message (an object with "jsonrpc": "2.0")');
  }
  if (body.length === 0) return invalidRequest('an empty batch');
  const version = protocolVersionOf(body, protocolVersionHeader);
  if (version >= FIRST_VERSION_WITHOUT_BATCHES) {
    return invalidRequest(
      `MCP ${version} has no JSON-RPC batches (removed in ${FIRST_VERSION_WITHOUT_BATCHES}): ` +
        'send one message per request',
    );
  }
  // The SDK refuses more than this too, but only after the messages were charged (mcp-endpoint.ts).
  if (body.length > MAX_BATCH_SIZE) return invalidRequest(`a batch of more than ${MAX_BATCH_SIZE} messages`);
  const bad = body.findIndex((message) => !JSONRPCMessageSchema.safeParse(message).success);
  return bad === -1 ? undefined : invalidRequest(`message ${bad} of the batch is not a JSON-RPC 2.0 message`);
}

function invalidRequest(why: string): JsonRpcRefusal {
  return { status: 400, code: ErrorCode.InvalidRequest, message: `Invalid Request: ${why}` };
}

function parseError(why: string): JsonRpcRefusal {
  return { status: 400, code: ErrorCode.ParseError, message: `Parse error: ${why}` };
}
