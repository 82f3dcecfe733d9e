import type { Context } from 'koa';
import type { Viewer } from './layout';
import type { SignedInRequest } from './web-request';

/**
 * A query parameter as one string: absent, empty or repeated (`?status=a&status=b`, which no form of ours sends)
 * is undefined, so the operation sees no filter rather than a list it would refuse.
 */
export function queryValue(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** What callOperation needs from a signed-in page: the request, with the session's account as the caller. */
export function signedInCaller(request: SignedInRequest) {
  return { ...request, account: request.session.account };
}

/** Who the page's header shows as signed in, with the session's CSRF token for its sign-out form. */
export function viewerOf(request: SignedInRequest): Viewer {
  return { email: request.session.account.email, csrfToken: request.session.csrfToken };
}
