import type { EntityManager } from '@mikro-orm/core';
import { ServiceError } from '../errors';
import { kybCheckForKey, storedResult } from './kyb-check-store';
import { requestHash, type KybCheckRequest } from './kyb-request';
import type { KybCheckResult } from './kyb-result';

/**
 * The check already stored under this key, to be answered again without running or charging; undefined when the
 * key is new. The same key with another request is a conflict: answering the first check would tell the customer
 * something about a request they did not make this time.
 */
export async function replayKybCheck(
  em: EntityManager,
  accountId: string,
  idempotencyKey: string,
  request: KybCheckRequest,
): Promise<KybCheckResult | undefined> {
  const row = await kybCheckForKey(em, accountId, idempotencyKey);
  if (row === null) return undefined;
  if (row.requestHash !== requestHash(request)) {
    throw new ServiceError(
      'conflict',
      `Idempotency-Key "${idempotencyKey}" was already used for another KYB check request (client_reference, ` +
        'stated_company_name or company_number differ); use a new key for a new request',
      { idempotency_key: idempotencyKey, kyb_check_id: row.id },
    );
  }
  return storedResult(row);
}
