import type { Middleware } from 'koa';
import { type ServiceError, notFound } from '../domain/errors';
import { serviceErrorOf, setErrorStatus } from '../http/errors';
import type { AppState } from '../http/state';
import { setPageHeaders } from './page-headers';
import { ErrorPage } from './pages/error-page';
import { renderPage } from './render-page';
import type { WebState } from './web-request';
import { isWebPath } from './web-paths';

/**
 * On the web app's paths, errors are pages, not JSON: the same codes and statuses as the API (a refused form is
 * 403 `csrf_refused`, another account's list 404), drawn as HTML. Mounted inside errorBodies and outside the
 * method guard and the routers, so an unknown page, a wrong method and a thrown error all arrive here.
 */
export const webErrorPages: Middleware<AppState> = async (ctx, next) => {
  if (!isWebPath(ctx.path)) return next();
  setPageHeaders(ctx);
  let error: ServiceError;
  try {
    await next();
    if (ctx.status !== 404 || ctx.body !== undefined || ctx.respond === false) return;
    error = notFound('Page', { path: ctx.path });
  } catch (thrown) {
    error = serviceErrorOf(thrown, ctx);
  }
  const status = setErrorStatus(ctx, error);
  const session = (ctx.state as WebState).webSession;
  const viewer = session ? { email: session.account.email, csrfToken: session.csrfToken } : undefined;
  renderPage(
    ctx,
    <ErrorPage status={status} error={error} requestId={ctx.state.requestId} viewer={viewer} />,
    status,
  );
};
