import { z } from 'zod';
import { ServiceError } from '../domain/errors';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key the client makes up per request (a UUID is usual); printable ASCII, as an HTTP header value can be. */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/, 'printable ASCII without leading or trailing spaces');

/** The Idempotency-Key header, if sent; a malformed one is refused rather than ignored. */
export function readIdempotencyKeyHeader(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(value) ? value.join(',') : value.trim());
  if (parsed.success) return parsed.data;
  const problem = parsed.error.issues[0]?.message ?? 'invalid';
  throw new ServiceError('invalid_argument', `Invalid ${IDEMPOTENCY_KEY_HEADER} header: ${problem}`, {
    problems: [{ argument: IDEMPOTENCY_KEY_HEADER, problem }],
  });
}

/**
 * The key of a call that may carry it twice (MCP: the request header and the tool's argument): either, or both
 * when they agree.
 */
export function idempotencyKeyOf(
  argument: string | undefined,
  header: string | undefined,
): string | undefined {
  if (argument !== undefined && header !== undefined && argument !== header) {
    throw new ServiceError(
      'invalid_argument',
      `The ${IDEMPOTENCY_KEY_HEADER} header and the idempotency_key argument differ; send one key`,
      {
        problems: [
          { argument: 'idempotency_key', problem: `differs from the ${IDEMPOTENCY_KEY_HEADER} header` },
        ],
      },
    );
  }
  return argument ?? header;
}
