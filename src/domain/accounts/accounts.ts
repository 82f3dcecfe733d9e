import type { EntityManager } from '@mikro-orm/core';
import { AccountEntity, type Account } from '../../db/entities/account';
import { ApiKeyEntity, type ApiKey } from '../../db/entities/api-key';
import { readRows } from '../../db/read-query';
import { ServiceError, notFound } from '../errors';
import { newId } from '../ids';
import { generateApiKey, hashApiKey } from './api-keys';
import type { PlanName } from './plans';

export interface CreatedAccount {
  account: Account;
  apiKey: { id: string; key: string; prefix: string };
}

/**
 * A new account and its first key, whatever accounts the email already has: the email is a contact address,
 * not an identity (migration 0016 dropped its uniqueness), so sign-up does the same work and gives the same
 * answer for a known email and an unknown one, and tells nobody which emails have accounts.
 */
export async function createAccount(
  em: EntityManager,
  input: { email: string; plan: PlanName },
  now: Date,
): Promise<CreatedAccount> {
  const email = normaliseEmail(input.email);
  return em.transactional(async (tx) => {
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
}

/** Emails are stored trimmed and lower-cased, and looked up the same way. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Every account with this email, oldest first: an email may have several (see createAccount). */
export async function accountsWithEmail(em: EntityManager, email: string): Promise<Account[]> {
  return em.find(
    AccountEntity,
    { email: normaliseEmail(email) },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
}

/**
 * The one account with this email, for operator commands that name an account by email: none is `not_found`,
 * several is `conflict` listing their ids, for the operator to choose one with --account.
 */
export async function soleAccountWithEmail(em: EntityManager, email: string): Promise<Account> {
  const accounts = await accountsWithEmail(em, email);
  if (accounts.length === 1) return accounts[0]!;
  if (accounts.length === 0) throw notFound('Account', { email: normaliseEmail(email) });
  const ids = accounts.map((a) => a.id);
  throw new ServiceError(
    'conflict',
    `${accounts.length} accounts have the email ${normaliseEmail(email)} (${ids.join(', ')}): name one with --account`,
    { email: normaliseEmail(email), account_ids: ids },
  );
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

/**
 * The account holding this key (and the key's id), or undefined when the key is unknown or revoked. Every keyed
 * call starts here, so it is one plain read (key and account joined) through the read seam, with no entity
 * hydration or identity map: the account it returns is a value, not a managed entity.
 */
export async function accountForApiKey(
  em: EntityManager,
  key: string,
): Promise<{ account: Account; apiKeyId: string } | undefined> {
  const [row] = await readRows<AccountOfKeyRow>(em, ACCOUNT_OF_KEY_SQL, [hashApiKey(key)], {
    pointRead: true,
  });
  if (!row) return undefined;
  return {
    account: { id: row.id, email: row.email, plan: row.plan, createdAt: new Date(row.created_at) },
    apiKeyId: row.api_key_id,
  };
}

const ACCOUNT_OF_KEY_SQL =
  'select k.id as api_key_id, a.id, a.email, a.plan, a.created_at from api_keys k ' +
  'join accounts a on a.id = k.account_id where k.key_hash = ? and k.revoked_at is null';

interface AccountOfKeyRow {
  api_key_id: string;
  id: string;
  email: string;
  plan: PlanName;
  /** Epoch milliseconds on SQLite, a Date on PostgreSQL. */
  created_at: number | string | Date;
}

/**
 * The account holding the key with this id, while the key is not revoked: what an OAuth access token acts as
 * (its subject is the id of the key the account signed in with).
 */
export async function accountForApiKeyId(
  em: EntityManager,
  apiKeyId: string,
): Promise<{ account: Account; apiKeyId: string } | undefined> {
  const [row] = await readRows<AccountOfKeyRow>(em, ACCOUNT_OF_KEY_ID_SQL, [apiKeyId], { pointRead: true });
  if (!row) return undefined;
  return {
    account: { id: row.id, email: row.email, plan: row.plan, createdAt: new Date(row.created_at) },
    apiKeyId: row.api_key_id,
  };
}

const ACCOUNT_OF_KEY_ID_SQL =
  'select k.id as api_key_id, a.id, a.email, a.plan, a.created_at from api_keys k ' +
  'join accounts a on a.id = k.account_id where k.id = ? and k.revoked_at is null';
