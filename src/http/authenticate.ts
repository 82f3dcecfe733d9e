import type { EntityManager } from '@mikro-orm/core';
import type { Account } from '../db/entities/account';
import { accountForApiKey, accountForApiKeyId } from '../domain/accounts/accounts';
import { apiKeyFromHeaders, isApiKeyShaped } from '../domain/accounts/api-keys';
import { ServiceError } from '../domain/errors';
import type { AccessTokenVerifier } from './oauth/access-tokens';

export interface Caller {
  account: Account;
  apiKeyId: string;
}

/**
 * The account behind the request's API key, or (where `accessTokens` is given: /mcp) behind its OAuth access
 * token, which acts as the key its account signed in with: same account, plan, quotas and tenant, so nothing
 * below this line knows which was sent. 401 `unauthenticated` when it is missing, unknown or revoked.
 */
export async function authenticate(
  em: EntityManager,
  headers: Record<string, string | string[] | undefined>,
  accessTokens?: AccessTokenVerifier,
): Promise<Caller> {
  const key = apiKeyFromHeaders(headers);
  if (!key) {
    throw new ServiceError(
      'unauthenticated',
      'Send your API key in an X-Api-Key header or as Authorization: Bearer <key>',
      { reason: 'missing_key' },
    );
  }
  if (accessTokens && !isApiKeyShaped(key)) {
    const subject = await accessTokens(key);
    const caller = subject === undefined ? undefined : await accountForApiKeyId(em, subject);
    if (!caller)
      throw new ServiceError(
        'unauthenticated',
        'The access token is unknown, expired, revoked or not for /mcp',
        {
          reason: 'invalid_token',
        },
      );
    return caller;
  }
  const account = await accountForApiKey(em, key);
  if (!account)
    throw new ServiceError('unauthenticated', 'The API key is unknown or revoked', { reason: 'invalid_key' });
  return account;
}
