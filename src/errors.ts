// The one error type every layer throws (the store's read pool when it is full, the domain, operations). Each
// edge (REST, MCP, CLI) maps the code once: see http/error-status.ts. Codes are part of the public contract
// (docs/errors.md): never rename one. It sits below every layer so that db/ can throw it without importing domain/.
export const errorCodes = [
  'invalid_json',
  'invalid_argument',
  'invalid_company_number',
  'unsupported_media_type',
  'payload_too_large',
  'unauthenticated',
  'forbidden',
  'csrf_refused',
  'origin_refused',
  'plan_required',
  'not_found',
  'details_not_held',
  'method_not_allowed',
  'not_implemented',
  'conflict',
  'webhook_address_refused',
  'rate_limited',
  'unavailable',
  'deadline_exceeded',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export function notFound(what: string, details?: Record<string, unknown>): ServiceError {
  return new ServiceError('not_found', `${what} not found`, details);
}
