import type { EntityManager } from '@mikro-orm/core';
import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { AppState } from '../http/state';
import type { Services } from '../services';
import { checkSessionCsrf, checkSignedOutCsrf, refuseForeignOrigin } from './csrf';
import { readForm } from './form-body';
import { seeOther } from './render-page';
import { currentSession } from './session';
import type { StoredSession } from './session-store';

/** What every page handler is given. `form` holds a POST's fields, already past the CSRF checks; empty for GET. */
export interface WebRequest {
  ctx: RouterContext<AppState>;
  services: Services;
  em: EntityManager;
  now: Date;
  /** The last value of each field. */
  form: Record<string, string>;
  /** Every value of each field, for a checkbox group (PostedForm.values). */
  formValues: Record<string, string[]>;
}

export interface SignedInRequest extends WebRequest {
  session: StoredSession;
}

/** The session found for this request, kept so an error page can still show the signed-in header. */
export interface WebState extends AppState {
  webSession?: StoredSession;
}

export const SIGN_IN_PATH = '/app/sign-in';
export const LISTS_PATH = '/app/lists';

/**
 * What every page starts with: its unit of work and time, and for a POST the Origin check and the form's fields
 * (read with a limit), before any session or token is looked at.
 */
async function begin(ctx: RouterContext<AppState>, services: Services) {
  const isPost = ctx.method === 'POST';
  if (isPost) refuseForeignOrigin(ctx);
  const { fields: form, values: formValues } = isPost ? await readForm(ctx) : { fields: {}, values: {} };
  return { ctx, services, em: services.orm.em.fork(), now: services.clock(), isPost, form, formValues };
}

/**
 * A page for signed-in users. Without a live session it sends the browser to sign in (a POST changes nothing).
 * A POST is refused (403 `csrf_refused`) when its Origin is another site's or its token is not the session's,
 * before any field is used.
 */
export function signedInPage(
  services: Services,
  handle: (request: SignedInRequest) => Promise<void>,
  signInPath = SIGN_IN_PATH,
): RouterMiddleware<AppState> {
  return async (ctx) => {
    const { isPost, ...request } = await begin(ctx, services);
    const session = await currentSession(ctx, request.em, request.now);
    if (!session) return seeOther(ctx, signInPath);
    (ctx.state as WebState).webSession = session;
    if (isPost) checkSessionCsrf(request.form, session.csrfToken);
    await handle({ ...request, session });
  };
}

/**
 * A page for signed-out users (sign-in, sign-up, the choice between them): a signed-in user is sent to the lists.
 * A POST needs the double-submit token (the hidden field equal to the signed-out CSRF cookie) and no foreign Origin.
 */
export function signedOutPage(
  services: Services,
  handle: (request: WebRequest) => Promise<void>,
  signedInPath = LISTS_PATH,
): RouterMiddleware<AppState> {
  return async (ctx) => {
    const { isPost, ...request } = await begin(ctx, services);
    if (isPost) checkSignedOutCsrf(ctx, request.form);
    else if (await currentSession(ctx, request.em, request.now)) return seeOther(ctx, signedInPath);
    await handle(request);
  };
}
