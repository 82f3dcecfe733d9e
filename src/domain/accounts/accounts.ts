import type { EntityManager } from '@mikro-orm/core';
import { AccountEntity, type Account } from '../../db/entities/account';
import { ApiKeyEntity, type ApiKey } from '../../db/entities/api-key';
import { ServiceError, notFound } from '../errors';
import { newId } from '../ids';
import { generateApiKey, hashApiKey } from './api-keys';
import type { PlanName } from './plans';
import { isUniqueViolation } from '../../db/unique-violation';

export interface CreatedAccount {
  account: Account;
  apiKey: { id: string; key: string; prefix: string };
}

export async function createAccount(
  em: EntityManager,
  input: { email: string; plan: PlanName },
  now: Date,
): Promise<CreatedAccount> {
  const email = input.email.trim().toLowerCase();
  try {
    return await em.transactional(async (tx) => {
      const account: Account = { id: newId('acc'), email, plan: input.plan, createdAt: now };
      const created = generateApiKey();
      const key: ApiKey = {
        id: newId('key'),
        accountId: account.id,
        prefix: created.prefix,
        keyHash: created.hash,
        createdAt: now,
        revokedAt: null,
      };
      // Explicit inserts in this order: the key's foreign key needs the account row first.
      await tx.insert(AccountEntity, account);
      await tx.insert(ApiKeyEntity, key);
      return { account, apiKey: { id: key.id, key: created.key, prefix: created.prefix } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ServiceError('conflict', 'An account with this email already exists', { field: 'email' });
    }
    throw error;
  }
}

export async function createApiKey(
  em: EntityManager,
  accountId: string,
  now: Date,
): Promise<{ id: string; key: string; prefix: string }> {
  await getAccount(em, accountId);
  const created = generateApiKey();
  const key: ApiKey = {
    id: newId('key'),
    accountId,
    prefix: created.prefix,
    keyHash: created.hash,
    createdAt: now,
    revokedAt: null,
  };
  await em.insert(ApiKeyEntity, key);
  return { id: key.id, key: created.key, prefix: created.prefix };
}

export async function revokeApiKey(em: EntityManager, keyId: string, now: Date): Promise<ApiKey> {
  const key = await em.findOne(ApiKeyEntity, { id: keyId });
  if (!key) throw notFound('API key', { key_id: keyId });
  key.revokedAt ??= now;
  await em.flush();
  return key;
}

export async function getAccount(em: EntityManager, accountId: string): Promise<Account> {
  const account = await em.findOne(AccountEntity, { id: accountId });
  if (!account) throw notFound('Account', { account_id: accountId });
  return account;
}

export async function setPlan(em: EntityManager, accountId: string, plan: PlanName): Promise<Account> {
  const account = await getAccount(em, accountId);
  account.plan = plan;
  await em.flush();
  return account;
}

/** The account holding this key (and the key's id), or undefined when the key is unknown or revoked. */
export async function accountForApiKey(
  em: EntityManager,
  key: string,
): Promise<{ account: Account; apiKeyId: string } | undefined> {
  const record = await em.findOne(ApiKeyEntity, { keyHash: hashApiKey(key), revokedAt: null });
  if (!record) return undefined;
  const account = await em.findOne(AccountEntity, { id: record.accountId });
  return account ? { account, apiKeyId: record.id } : undefined;
}
