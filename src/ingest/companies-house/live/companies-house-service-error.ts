import { ServiceError } from '../../../domain/errors';
import { CompaniesHouseError } from './companies-house-errors';

/*
 * The one place a CompaniesHouseError becomes the service's error. A caller learns that the data source is out
 * of reach (503) or that Companies House asks for a pause (429, with the wait), never why in Companies House's
 * terms beyond that: the messages name no key, no URL and no request path. "No such company" is not an error
 * here: the operation answers its usual not_found.
 */

const unavailableMessages: Record<Exclude<CompaniesHouseError['kind'], 'rate_limited'>, string> = {
  unavailable: 'Companies House did not answer; try again shortly',
  bad_response: 'Companies House sent an answer this service could not read; try again later',
  refused: 'Companies House refused the request; try again later',
  unauthorized:
    'Companies House refused this service’s API key; the operator must set a valid REST API key ' +
    '(COMPANIES_HOUSE_API_KEY)',
};

export function companiesHouseServiceError(error: CompaniesHouseError): ServiceError {
  if (error.kind === 'rate_limited') {
    const seconds = Math.max(1, Math.ceil((error.details.retryAfterMs ?? 60_000) / 1000));
    return new ServiceError(
      'rate_limited',
      `Companies House's rate limit for this service is reached: wait ${seconds} seconds`,
      { limit: 'companies_house', retry_after_seconds: seconds },
    );
  }
  return new ServiceError('unavailable', unavailableMessages[error.kind], {
    dependency: 'companies_house',
    reason: error.kind,
  });
}

/** The error a caller sees for anything thrown while fetching from Companies House. */
export function toServiceErrorIfCompaniesHouse(error: unknown): unknown {
  return error instanceof CompaniesHouseError ? companiesHouseServiceError(error) : error;
}
