import { checkWebhookUrl } from '../outbound/address-policy';
import { ServiceError } from '../errors';

/**
 * Refuses an address that breaks the webhook address rules when it is saved (on a list or a watchlist entry),
 * with the rule it broke, so the customer hears of it now rather than from a delivery that never arrives. The
 * sender checks again before every attempt.
 */
export function requireWebhookAddress(url: string, devAllowedOrigins: readonly string[]): string {
  const verdict = checkWebhookUrl(url, { devAllowedOrigins });
  if (!verdict.ok) {
    throw new ServiceError('webhook_address_refused', verdict.message, { rule: verdict.rule, url });
  }
  return url;
}
