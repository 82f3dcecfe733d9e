import type { ErrorCode } from '../domain/errors';

// The one mapping from error codes to HTTP statuses (docs/errors.md lists them for users).
export const httpStatusOf: Record<ErrorCode, number> = {
  invalid_json: 400,
  invalid_argument: 400,
  invalid_company_number: 400,
  unauthenticated: 401,
  forbidden: 403,
  csrf_refused: 403,
  origin_refused: 403,
  plan_required: 403,
  not_found: 404,
  // The resource is on the register but its details are not in the store: a missing resource, as 404 says.
  details_not_held: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  webhook_address_refused: 422,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  unavailable: 503,
  // The service's own time limit on a request's work (a sanctions screen): busy, not broken; the call is not charged.
  deadline_exceeded: 503,
};
