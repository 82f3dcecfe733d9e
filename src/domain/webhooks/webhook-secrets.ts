import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { WebhookSecretEntity, type WebhookSecret } from '../../db/entities/webhook-secret';
import { ServiceError } from '../errors';
import { newId } from '../ids';
import { isUniqueViolation } from '../../db/unique-violation';

/** Spec: after a rotation the old and the new secret are both active for 24 hours. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A new current secret: `whsec_` and 256 random bits, active from `now` until a rotation replaces it. */
function newSecret(accountId: string, now: Date): WebhookSecret {
  return {
    id: newId('whs'),
    accountId,
    secret: `whsec_${randomBytes(32).toString('base64url')}`,
    createdAt: now,
    expiresAt: null,
    retiredAt: null,
  };
}

/**
 * The secrets that sign a delivery sent at `at`, newest first: one normally, two during a rotation.
 * `expiresAt` ends the overlap on the dot even if the rotation workflow is late to mark it retired.
 */
export async function activeSecrets(
  em: EntityManager,
  accountId: string,
  at: Date,
): Promise<WebhookSecret[]> {
  const secrets = await em.find(WebhookSecretEntity, {
    accountId,
    retiredAt: null,
    createdAt: { $lte: at },
    $or: [{ expiresAt: null }, { expiresAt: { $gt: at } }],
  });
  // Current first, then the replaced one: creation times can tie to the millisecond, expiry order cannot.
  const endOf = (s: WebhookSecret) => s.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return secrets.sort((a, b) => endOf(b) - endOf(a));
}

/** The newest secret, created on first use. */
export async function currentSecret(em: EntityManager, accountId: string, now: Date): Promise<WebhookSecret> {
  const existing = await em.findOne(WebhookSecretEntity, { accountId, expiresAt: null, retiredAt: null });
  if (existing) return existing;
  try {
    await em.insert(WebhookSecretEntity, newSecret(accountId, now));
  } catch (error) {
    // A concurrent first call created it: the partial unique index allows one current secret an account.
    if (!isUniqueViolation(error)) throw error;
  }
  const created = await em
    .fork()
    .findOne(WebhookSecretEntity, { accountId, expiresAt: null, retiredAt: null });
  if (!created) throw new Error(`No current webhook secret for ${accountId} after creating one`);
  return created;
}

/** The secret still inside its overlap window at `now`, if a rotation is under way. */
export async function previousSecret(
  em: EntityManager,
  accountId: string,
  now: Date,
): Promise<WebhookSecret | undefined> {
  const secret = await em.findOne(
    WebhookSecretEntity,
    { accountId, retiredAt: null, expiresAt: { $gt: now } },
    { orderBy: { createdAt: 'desc' } },
  );
  return secret ?? undefined;
}

export interface Rotation {
  current: WebhookSecret;
  previous: WebhookSecret;
  /** Secrets that were still in an earlier overlap window and are retired at once (at most two active). */
  retiredNow: string[];
}

/**
 * Makes a new current secret; the old current one stays active for 24 hours. A second rotation inside
 * the window retires the oldest at once, so no more than two secrets are ever active (docs/decisions.md).
 */
export async function rotateSecret(em: EntityManager, accountId: string, now: Date): Promise<Rotation> {
  const replaced = await currentSecret(em, accountId, now);
  try {
    return await em.transactional(async (tx) => {
      const stillOverlapping = await tx.find(WebhookSecretEntity, {
        accountId,
        retiredAt: null,
        expiresAt: { $ne: null },
      });
      await tx.nativeUpdate(
        WebhookSecretEntity,
        { accountId, retiredAt: null, expiresAt: { $ne: null } },
        { retiredAt: now, expiresAt: now },
      );
      const expiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
      const updated = await tx.nativeUpdate(
        WebhookSecretEntity,
        { id: replaced.id, expiresAt: null, retiredAt: null },
        { expiresAt },
      );
      // Someone else rotated between our read and this transaction: let the caller retry.
      if (updated !== 1)
        throw new ServiceError('conflict', 'The webhook secret was rotated concurrently; try again');
      const current = newSecret(accountId, now);
      await tx.insert(WebhookSecretEntity, current);
      return {
        current,
        previous: { ...replaced, expiresAt },
        retiredNow: stillOverlapping.map((s) => s.id),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ServiceError('conflict', 'The webhook secret was rotated concurrently; try again');
    }
    throw error;
  }
}

/** Marks a secret retired; idempotent, so the rotation workflow's activity may retry freely. */
export async function retireSecret(em: EntityManager, secretId: string, at: Date): Promise<boolean> {
  const updated = await em.nativeUpdate(
    WebhookSecretEntity,
    { id: secretId, retiredAt: null },
    { retiredAt: at },
  );
  return updated > 0;
}
