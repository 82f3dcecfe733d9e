import { LockMode, type EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import {
  endpointStates,
  WebhookEndpointHealthEntity,
  type WebhookEndpointHealth,
} from '../../db/entities/webhook-endpoint-health';
import { dialectOf } from '../companies/register-sql';
import { notFound, ServiceError } from '../errors';

/*
 * Endpoint health (issue 42 part 3, docs/webhooks.md "Endpoint health"). An endpoint is a URL as one account sends
 * to it: a list and a watchlist entry naming the same URL reach the same receiver with the same secret, so they
 * fail and recover together, and re-enabling one re-enables both.
 */

/** Svix's figure: five days of nothing but failures, about 2.5 full retry schedules of the spec's 45 hours. */
export const DEFAULT_DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

const LAST_ERROR_CHARS = 500;

export interface AttemptOutcome {
  delivered: boolean;
  errorClass?: string | null;
  errorMessage?: string | null;
  /** The start of the receiver's answer: often the reason in its own words. */
  responseSnippet?: string | null;
  attemptedAt: Date;
}

/** What the account is told went wrong: our reading of the failure, then the receiver's own words. */
function errorText(outcome: AttemptOutcome): string {
  const ours = outcome.errorMessage || outcome.errorClass || 'failed';
  const theirs = outcome.responseSnippet?.trim();
  return (theirs ? `${ours}: ${theirs}` : ours).slice(0, LAST_ERROR_CHARS);
}

/**
 * Counts one attempt's outcome for its endpoint, inside the caller's transaction (the one recording the attempt,
 * so a retried recording, which finds the attempt stored, does not count it again). A success ends the run of
 * failures but leaves a disabled endpoint disabled: what it missed meanwhile is sent only when the account
 * re-enables it with a recovery. A failure that comes `disableAfterMs` or more after the run's first failure
 * disables the endpoint.
 */
export async function countAttemptOutcome(
  tx: EntityManager,
  endpoint: { accountId: string; url: string },
  outcome: AttemptOutcome,
  disableAfterMs: number,
): Promise<void> {
  const at = outcome.attemptedAt;
  await tx.upsert(
    WebhookEndpointHealthEntity,
    { ...endpoint, state: 'enabled', consecutiveFailures: 0, updatedAt: at } as WebhookEndpointHealth,
    { onConflictFields: ['accountId', 'url'], onConflictAction: 'ignore' },
  );
  const health = await tx.findOneOrFail(WebhookEndpointHealthEntity, endpoint, {
    // Two attempts to one endpoint recorded at once: the second waits for the first's count (SQLite's writes are
    // serial already).
    ...(dialectOf(tx) === 'postgresql' ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
    disableIdentityMap: true,
  });
  if (outcome.delivered) {
    await tx.nativeUpdate(WebhookEndpointHealthEntity, endpoint, {
      consecutiveFailures: 0,
      failingSince: null,
      // Attempts of different deliveries may be recorded out of order: the latest success is kept.
      lastSuccessAt: health.lastSuccessAt && health.lastSuccessAt > at ? health.lastSuccessAt : at,
      updatedAt: at,
    });
    return;
  }
  const failingSince = health.failingSince ?? at;
  const disable = health.state === 'enabled' && at.getTime() - failingSince.getTime() >= disableAfterMs;
  await tx.nativeUpdate(WebhookEndpointHealthEntity, endpoint, {
    consecutiveFailures: health.consecutiveFailures + 1,
    lastError: errorText(outcome),
    failingSince,
    ...(disable ? { state: 'disabled', disabledAt: at } : {}),
    updatedAt: at,
  });
}

/** The account/URL pairs among these accounts' endpoints that are disabled, as `account id \0 url` keys. */
export async function disabledEndpoints(
  em: EntityManager,
  accountIds: readonly string[],
): Promise<Set<string>> {
  const keys = new Set<string>();
  for (let i = 0; i < accountIds.length; i += 500) {
    const rows = await em.find(
      WebhookEndpointHealthEntity,
      { accountId: { $in: accountIds.slice(i, i + 500) }, state: 'disabled' },
      { fields: ['accountId', 'url'], disableIdentityMap: true },
    );
    for (const row of rows) keys.add(endpointKey(row.accountId, row.url));
  }
  return keys;
}

export function endpointKey(accountId: string, url: string): string {
  return `${accountId}\u0000${url}`;
}

export async function endpointHealthOf(
  em: EntityManager,
  endpoint: { accountId: string; url: string },
): Promise<WebhookEndpointHealth | null> {
  return em.findOne(WebhookEndpointHealthEntity, endpoint, { disableIdentityMap: true });
}

export async function endpointsOfAccount(em: EntityManager, accountId: string) {
  return em.find(
    WebhookEndpointHealthEntity,
    { accountId },
    { orderBy: { url: 'asc' }, disableIdentityMap: true },
  );
}

/**
 * Re-enables a disabled endpoint, in the caller's transaction (the recovery's claim, so re-enabling and claiming
 * what it missed commit together). A compare-and-set: of two calls at once, one re-enables and the other is told
 * the endpoint is not disabled. Gives the first failure of the run it ended.
 */
export async function reenableEndpoint(
  tx: EntityManager,
  endpoint: { accountId: string; url: string },
  now: Date,
): Promise<WebhookEndpointHealth> {
  const health = await tx.findOne(WebhookEndpointHealthEntity, endpoint, { disableIdentityMap: true });
  // Another account's address is indistinguishable from one never sent to.
  if (health === null) throw notFound('Webhook endpoint', { url: endpoint.url });
  const changed = await tx.nativeUpdate(
    WebhookEndpointHealthEntity,
    { ...endpoint, state: 'disabled' },
    { state: 'enabled', disabledAt: null, consecutiveFailures: 0, failingSince: null, updatedAt: now },
  );
  if (changed === 0) {
    throw new ServiceError('conflict', `The webhook endpoint ${endpoint.url} is not disabled`, {
      url: endpoint.url,
      state: health.state,
    });
  }
  return health;
}

/**
 * Puts back an endpoint a recovery re-enabled when the recovery's workflow could not start (its claims are released
 * too): the call answered 503, so nothing it did may stay. Only while it is still as the recovery left it.
 */
export async function restoreDisabledEndpoint(
  em: EntityManager,
  before: WebhookEndpointHealth,
): Promise<void> {
  await em.nativeUpdate(
    WebhookEndpointHealthEntity,
    { accountId: before.accountId, url: before.url, state: 'enabled', consecutiveFailures: 0 },
    {
      state: before.state,
      disabledAt: before.disabledAt,
      consecutiveFailures: before.consecutiveFailures,
      failingSince: before.failingSince,
      updatedAt: before.updatedAt,
    },
  );
}

/** The endpoints operators look at: disabled ones, and those failing now, worst first. */
export async function unhealthyEndpoints(em: EntityManager): Promise<WebhookEndpointHealth[]> {
  return em.find(
    WebhookEndpointHealthEntity,
    { $or: [{ state: 'disabled' }, { consecutiveFailures: { $gt: 0 } }] },
    {
      orderBy: { state: 'asc', consecutiveFailures: 'desc', accountId: 'asc', url: 'asc' },
      disableIdentityMap: true,
    },
  );
}

export const endpointHealthView = z.object({
  state: z
    .enum(endpointStates)
    .describe(
      'disabled after a configured period (default 5 days) of nothing but failed attempts: new alerts for the ' +
        'address are listed as not sent (endpoint_disabled) until it is re-enabled through POST ' +
        '/watchlist/webhooks/recover with its url',
    ),
  consecutive_failures: z.number().int().nonnegative().describe('Failed attempts since the last success'),
  last_error: z.string().nullable().describe('The last failed attempt’s error'),
  last_success_at: z.iso.datetime().nullable(),
  failing_since: z.iso
    .datetime()
    .nullable()
    .describe('The first failure of the current run of failures; null when the last attempt succeeded'),
  disabled_at: z.iso.datetime().nullable(),
});

export const endpointView = endpointHealthView.extend({ url: z.string() });

export function toEndpointHealthView(health: WebhookEndpointHealth): z.infer<typeof endpointHealthView> {
  return {
    state: health.state,
    consecutive_failures: health.consecutiveFailures,
    last_error: health.lastError,
    last_success_at: health.lastSuccessAt?.toISOString() ?? null,
    failing_since: health.failingSince?.toISOString() ?? null,
    disabled_at: health.disabledAt?.toISOString() ?? null,
  };
}

export function toEndpointView(health: WebhookEndpointHealth): z.infer<typeof endpointView> {
  return { url: health.url, ...toEndpointHealthView(health) };
}
