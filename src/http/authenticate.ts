import type { EntityManager } from '@mikro-orm/core';
import type { Account } from '../db/entities/account';
import { accountForApiKey } from '../domain/accounts/accounts';
import { apiKeyFromHeaders } from '../domain/accounts/api-keys';
import { ServiceError } from '../domain/errors';

export interface Caller {
  account: Account;
  apiKeyId: string;
}

/** The account behind the request's API key; 401 `unauthenticated` when it is missing, unknown or revoked. */
export async function authenticate(
  em: EntityManager,
  headers: Record<string, string | string[] | undefined>,
): Promise<Caller> {
  const key = apiKeyFromHeaders(headers);
  if (!key) {
    throw new ServiceError(
      'unauthenticated',
      'Send your API key in an X-Api-Key header or as Authorization: Bearer <key>',
      { reason: 'missing_key' },
    );
  }
  const account = await accountForApiKey(em, key);
  if (!account)
    throw new ServiceError('unauthenticated', 'The API key is unknown or revoked', { reason: 'invalid_key' });
  return account;
}
