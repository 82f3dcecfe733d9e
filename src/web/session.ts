import type { EntityManager } from '@mikro-orm/core';
import type { Context } from 'koa';
import { readCookie, setCookieValue } from './cookies';
import { findLiveSession, insertSession, type StoredSession } from './session-store';
import { hashToken, isWellFormedToken, newToken } from './tokens';

export const SESSION_COOKIE = 'session';

/**
 * 12 hours from sign-in, never extended: a working day, after which the key is typed again. The session carries
 * the key's full power (every operation, the quota), so a stolen cookie must stop working on its own; an
 * absolute life also means a page view writes nothing. Signing out or revoking the key ends it sooner.
 */
export const SESSION_LIFE_SECONDS = 12 * 60 * 60;

export interface OpenedSession {
  token: string;
  expiresAt: Date;
}

export async function openSession(
  em: EntityManager,
  caller: { accountId: string; apiKeyId: string },
  now: Date,
): Promise<OpenedSession> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFE_SECONDS * 1000);
  await insertSession(em, {
    tokenHash: hashToken(token),
    accountId: caller.accountId,
    apiKeyId: caller.apiKeyId,
    csrfToken: newToken(),
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The session the request's cookie names, when it is live (not ended, not expired, its key not revoked). */
export async function currentSession(
  ctx: Context,
  em: EntityManager,
  now: Date,
): Promise<StoredSession | undefined> {
  const token = readCookie(ctx.get('Cookie'), SESSION_COOKIE);
  if (!isWellFormedToken(token)) return undefined;
  return findLiveSession(em, hashToken(token), now);
}

export function setSessionCookie(ctx: Context, session: OpenedSession, now: Date): void {
  const maxAgeSeconds = Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000));
  ctx.append('Set-Cookie', setCookieValue(SESSION_COOKIE, session.token, cookieScope(ctx, maxAgeSeconds)));
}

export function clearSessionCookie(ctx: Context): void {
  ctx.append('Set-Cookie', setCookieValue(SESSION_COOKIE, '', cookieScope(ctx, 0)));
}

function cookieScope(ctx: Context, maxAgeSeconds: number) {
  return { path: '/', secure: ctx.secure, maxAgeSeconds };
}
