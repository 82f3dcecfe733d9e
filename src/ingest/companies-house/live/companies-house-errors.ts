/*
 * What can go wrong talking to Companies House, as one typed error the caller maps once (a later step maps it
 * to the service's `unavailable` / `rate_limited`). "No such company" is not an error: it is a result
 * (FetchResult's `not_found`).
 */

export type CompaniesHouseErrorKind =
  /** 401: the API key is wrong, revoked or of the wrong type (a stream key). Retrying cannot help. */
  | 'unauthorized'
  /** 403 and other 4xx the client does not expect. */
  | 'refused'
  /** The shared per-key budget (or Companies House's own 429s) would make the caller wait too long. */
  | 'rate_limited'
  /** 5xx, timeouts or network errors on every attempt. */
  | 'unavailable'
  /** A body that is not the JSON object the resource promises, or a paged list that never ends. */
  | 'bad_response';

export class CompaniesHouseError extends Error {
  constructor(
    readonly kind: CompaniesHouseErrorKind,
    message: string,
    readonly details: { path?: string; status?: number; attempts?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'CompaniesHouseError';
  }
}
