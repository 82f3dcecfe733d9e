import type { ServiceError } from '../domain/errors';

/** What an assistant should do after a failed tool call: one short sentence per error code. */
export function nextStep(error: ServiceError): string {
  const details = error.details ?? {};
  switch (error.code) {
    case 'rate_limited':
      return `Wait ${String(details.retry_after_seconds)} seconds, then call the tool again.`;
    case 'plan_required':
      return `Tell the user this needs the ${String(details.required_plan)} plan; they can upgrade at ${String(details.upgrade_url)}.`;
    case 'invalid_argument':
      return 'Correct the arguments named in details.problems and call again.';
    case 'invalid_company_number':
      return 'Use an 8-character company number, e.g. 00445790 or SC123456; search_companies finds it by name.';
    case 'not_found':
      return 'Check the identifier: search_companies finds companies by name, get_lists gives your list ids.';
    case 'unauthenticated':
      return 'Send a valid API key in X-Api-Key or Authorization: Bearer.';
    case 'webhook_address_refused':
      return 'Use a public https address on port 443 without credentials.';
    case 'deadline_exceeded':
      return 'The service is busy and this call was not charged: wait a few seconds, then call the tool again.';
    case 'unavailable':
    case 'internal':
      return 'Try again shortly; if it persists, report the request id.';
    default:
      return 'Read the message, adjust the request, and try again.';
  }
}
