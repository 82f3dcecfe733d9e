import { plans } from '../domain/accounts/plans';
import { errorCodes, type ErrorCode } from '../domain/errors';
import type { Operation } from '../operations/operation';
import { httpStatusOf } from './error-status';

/*
 * The error answers of each operation in the OpenAPI document. Most follow from what the operation is (it takes
 * input, a JSON body, a key, a plan above the lowest, a resource in its path, a company fetched live); the rest
 * are its own rules, listed in its `errors`. Statuses come from the one code → status mapping, so the document
 * cannot disagree with what the edge sends.
 */

/** Codes every operation of a kind can answer (its own `errors` need not repeat them). */
function derivedErrorCodes(operation: Operation, shape: OperationShape): ErrorCode[] {
  const codes: ErrorCode[] = ['invalid_argument'];
  if (shape.takesCompanyNumber) codes.push('invalid_company_number');
  if (shape.hasBody) codes.push('invalid_json', 'payload_too_large', 'unsupported_media_type');
  if (shape.hasPathParameters) codes.push('not_found');
  if (operation.auth === 'api_key') {
    codes.push('unauthenticated', 'rate_limited');
    if (plans[operation.lowestPlan].rank > 0) codes.push('plan_required');
    // With a Companies House key the company is fetched live first: Companies House may be out of reach.
    if (operation.companyOnDemand) codes.push('unavailable');
    // The same Idempotency-Key sent with another request is refused rather than answered with the first one.
    if (operation.replay) codes.push('conflict');
  }
  return codes;
}

export interface OperationShape {
  hasBody: boolean;
  hasPathParameters: boolean;
  takesCompanyNumber: boolean;
}

/** Every code the operation can answer, derived and its own, in the order of the code list. */
export function documentedErrorCodes(operation: Operation, shape: OperationShape): ErrorCode[] {
  const codes = new Set([...derivedErrorCodes(operation, shape), ...(operation.errors ?? [])]);
  return errorCodes.filter((code) => codes.has(code));
}

/**
 * A name per status for `components.responses`; a status the mapping gains without a name here fails a test.
 * 500 (`internal`) has none: it is a defect, never a documented answer.
 */
export const errorResponseNames: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'WebhookAddressRefused',
  429: 'RateLimited',
  501: 'NotImplemented',
  503: 'Unavailable',
};

function statusesOf(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = httpStatusOf[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** The operation's error responses: a reference per status, its description naming the codes it can carry. */
export function errorResponses(codes: readonly ErrorCode[]): Record<string, unknown> {
  return Object.fromEntries(
    [...statusesOf(codes)].map(([status, statusCodes]) => [
      String(status),
      {
        $ref: `#/components/responses/${errorResponseNames[status]}`,
        description: `Error codes: ${statusCodes.join(', ')}.`,
      },
    ]),
  );
}

/** The body of every error answer (src/http/errors.ts); docs/errors.md says when each code is sent. */
export const errorSchema = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'details', 'request_id'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', enum: [...errorCodes], description: 'Stable; see docs/errors.md' },
        message: { type: 'string' },
        details: { type: 'object', description: 'Structured facts about the error, e.g. problems' },
        request_id: { type: 'string', description: 'Also the X-Request-Id header; quote it when reporting' },
      },
    },
  },
};

/** `components.responses`: one per status, its body the shared Error schema narrowed to that status's codes. */
export function errorResponseComponents(): Record<string, unknown> {
  const all = statusesOf(errorCodes.filter((code) => code !== 'internal'));
  return Object.fromEntries(
    [...all].map(([status, codes]) => [
      errorResponseNames[status],
      {
        description: `Error (${codes.join(', ')})`,
        ...(status === 429
          ? {
              headers: {
                'Retry-After': {
                  description: 'Seconds to wait before trying again',
                  schema: { type: 'integer', minimum: 1 },
                },
              },
            }
          : {}),
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: '#/components/schemas/Error' },
                { properties: { error: { properties: { code: { enum: codes } } } } },
              ],
            },
          },
        },
      },
    ]),
  );
}
