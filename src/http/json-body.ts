import type { Context, Middleware } from 'koa';
import { ServiceError } from '../domain/errors';
import { readBodyText } from './body-text';
import type { AppState } from './state';

const methodsWithBody = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Reads a JSON body into ctx.state.body with a size limit. Parsed here once, for REST and MCP alike, so
 * a malformed body is a 400 `invalid_json` and an oversize one a 413 before any handler runs.
 */
export function jsonBody(limitBytes: number): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.body = await readJsonBody(ctx, limitBytes);
    return next();
  };
}

// Module level rather than inline in the call: under tsx, which keeps function names, every closure made per
// request is also renamed per request (`__name`), 2 % of an MCP call's CPU profile.
function unreadable(reason: string | undefined): ServiceError {
  return new ServiceError('invalid_json', 'The body could not be read', { reason: reason ?? 'read_error' });
}

/**
 * The request's JSON body (undefined when it has none), or a ServiceError: `unsupported_media_type`,
 * `payload_too_large` or `invalid_json`. The MCP endpoint reads its body with this too, and answers those
 * errors as JSON-RPC errors.
 */
export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  if (!methodsWithBody.has(ctx.method)) return undefined;
  const text = await readBodyText(ctx, {
    mediaType: 'application/json',
    noun: 'body',
    limitBytes,
    unreadable,
  });
  if (text === undefined) return undefined;
  try {
    return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch (error) {
    // A SyntaxError, or a RangeError for nesting too deep for the parser: either way not JSON we can read.
    throw new ServiceError('invalid_json', 'The body is not valid JSON', {
      reason: (error as Error).message,
    });
  }
}
