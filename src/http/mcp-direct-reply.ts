import type { IncomingHttpHeaders } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type JSONRPCResultResponse,
  type MessageExtraInfo,
  SUPPORTED_PROTOCOL_VERSIONS,
  isJSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';

export type JsonRpcReply = JSONRPCResultResponse | JSONRPCErrorResponse;

/** A JSON reply when the client lists application/json before text/event-stream (as the spec's reference call does). */
export function listsJsonFirst(accept: string): boolean {
  const json = accept.indexOf('application/json');
  const stream = accept.indexOf('text/event-stream');
  return json !== -1 && (stream === -1 || json < stream);
}

/**
 * Whether a POST /mcp can be answered without the SDK's Streamable HTTP transport: one JSON-RPC request (not a
 * batch, a notification or initialize), from a client that accepts both kinds of reply and lists JSON first, with a
 * JSON body and a protocol version the SDK supports (or none). The transport would answer such a request with a
 * 200 and the reply as a JSON body, as `replyDirectly` does; anything else (its refusals, SSE, batches, 202s)
 * still goes through it. The transport converts each Node request to a web Request and its answer back through web
 * streams: with the close that follows, 25–40 % of a tool call's time (docs/performance.md).
 */
export function canReplyDirectly(message: unknown, headers: IncomingHttpHeaders): message is JSONRPCRequest {
  // The transport refuses a client that does not accept both (406), and answers JSON if it lists JSON first.
  const accept = headers.accept ?? '';
  if (!accept.includes('text/event-stream') || !listsJsonFirst(accept)) return false;
  if (!isJsonContentType(headers['content-type'])) return false;
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(version))) return false;
  // The method is compared rather than parsed as an initialize request: that parse fails for every other request,
  // and a failed zod parse is costly (see `deliver`).
  return isJSONRPCRequest(message) && message.method !== 'initialize';
}

/**
 * The SDK's own request handling (Protocol's `_onrequest`): what its transport callback runs for a request once it
 * has tried the message as the other kinds. Not public API, so `deliver` checks it is there
 * (test/unit/edge/mcp-direct-reply.test.ts fails if an SDK update renames it).
 */
export interface SdkRequestHandling {
  _onrequest?: (request: JSONRPCRequest, extra?: MessageExtraInfo) => void;
}

/**
 * A transport for exactly one request: it hands the request to the server once and keeps the server's reply to
 * it. Anything else the server sends on the way (a notification or progress for the request) is dropped, as the
 * SDK's transport drops it when it answers with JSON. Closed before the reply, the reply is undefined.
 */
export class OneRequestTransport implements Transport {
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly reply: Promise<JsonRpcReply | undefined>;
  private settle!: (reply: JsonRpcReply | undefined) => void;

  constructor(private readonly request: JSONRPCRequest) {
    this.reply = new Promise((resolve) => (this.settle = resolve));
  }

  async start(): Promise<void> {}

  /**
   * Hands the request to `server` (connected to this transport before); the reply resolves `reply`. It goes
   * straight to the SDK's request handling when the server has it, not through the callback the server gave this
   * transport: that callback first tries the message as a result and as an error response, two zod parses that
   * fail for every request, and a failed zod parse builds a ZodError whose objects outlive the young generation
   * (docs/performance.md, "Failed parses on every request").
   */
  deliver(server: Server, extra: MessageExtraInfo): void {
    const handling = (server as unknown as SdkRequestHandling)._onrequest;
    if (typeof handling === 'function') handling.call(server, this.request, extra);
    else this.onmessage?.(this.request, extra);
  }

  /** Keeps the reply to the request: a message with its id and a result or an error (no zod parse of the result). */
  async send(message: JSONRPCMessage): Promise<void> {
    if (('result' in message || 'error' in message) && message.id === this.request.id)
      this.settle(message as JsonRpcReply);
  }

  async close(): Promise<void> {
    this.settle(undefined);
    this.onclose?.();
  }
}
