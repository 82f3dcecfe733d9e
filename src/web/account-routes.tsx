import type Router from '@koa/router';
import { accountForApiKey } from '../domain/accounts/accounts';
import { signupClientKey } from '../domain/accounts/signup-limit';
import type { AppState } from '../http/state';
import { signup } from '../operations/signup';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { renewSignedOutCsrfToken, signedOutCsrfToken, checkSessionCsrf, refuseForeignOrigin } from './csrf';
import { readFormBody } from './form-body';
import { formProblemOf } from './form-problem';
import { ApiKeyPage } from './pages/api-key-page';
import { HomePage } from './pages/home-page';
import { SignInPage } from './pages/sign-in-page';
import { SignUpPage } from './pages/sign-up-page';
import { renderPage, renderRefusedForm, seeOther } from './render-page';
import { clearSessionCookie, currentSession, openSession, setSessionCookie } from './session';
import { endSession } from './session-store';
import { isConnectPath } from './connect-routes';
import { queryValue } from './page-inputs';
import { LISTS_PATH, signedOutPage } from './web-request';

const WRONG_KEY = 'That API key is unknown or has been revoked. Check it and try again.';

/** `/`, `/app`, sign-up, sign-in and sign-out. */
export function accountRoutes(router: Router<AppState>, services: Services): void {
  router.get('/', (ctx) => seeOther(ctx, '/app'));

  router.get(
    '/app',
    signedOutPage(services, async ({ ctx }) => renderPage(ctx, <HomePage />)),
  );

  router.get(
    '/app/sign-up',
    signedOutPage(services, async ({ ctx }) =>
      renderPage(ctx, <SignUpPage csrfToken={signedOutCsrfToken(ctx)} />),
    ),
  );

  router.post(
    '/app/sign-up',
    signedOutPage(services, async (request) => {
      const { ctx, form } = request;
      let created;
      try {
        created = await callOperation(signup, { email: form.email }, { ...request, account: undefined });
      } catch (thrown) {
        const problem = formProblemOf(thrown, ['email']);
        if (!problem) throw thrown;
        const page = <SignUpPage csrfToken={signedOutCsrfToken(ctx)} email={form.email} problem={problem} />;
        return renderRefusedForm(ctx, page, problem);
      }
      // The form's token is spent: the same form sent again (a reload) is refused, not a second account.
      renewSignedOutCsrfToken(ctx);
      renderPage(ctx, <ApiKeyPage apiKey={created.api_key} email={created.email} />, 201);
    }),
  );

  router.get('/app/sign-in', async (ctx, next) => {
    // An OAuth sign-in sends the browser here with the connect step to come back to (connect-routes.tsx).
    const back = queryValue(ctx, 'next');
    const after = isConnectPath(back) ? back : undefined;
    const page = signedOutPage(
      services,
      async () => renderPage(ctx, <SignInPage csrfToken={signedOutCsrfToken(ctx)} next={after} />),
      after,
    );
    await page(ctx, next);
  });

  router.post(
    '/app/sign-in',
    signedOutPage(services, async ({ ctx, em, now, form }) => {
      const key = (form.api_key ?? '').trim();
      const after = isConnectPath(form.next) ? form.next : undefined;
      if (key === '')
        return renderPage(
          ctx,
          <SignInPage csrfToken={signedOutCsrfToken(ctx)} error="Enter your API key." next={after} />,
          400,
        );
      // Counted before the key is looked at, so an address over its limit learns nothing about any key; counted
      // by address as sign-ups are (an IPv6 /64), and given back below when the key is right.
      const client = signupClientKey(ctx.ip);
      try {
        await services.quotas.chargeSignIn(client, services.config.SIGN_IN_FAILURES_PER_HOUR);
      } catch (thrown) {
        const problem = formProblemOf(thrown, []);
        if (problem?.status !== 429) throw thrown;
        const limited = (
          <SignInPage csrfToken={signedOutCsrfToken(ctx)} limitedFor={problem.retryAfterSeconds} />
        );
        return renderRefusedForm(ctx, limited, problem);
      }
      const caller = await accountForApiKey(em, key);
      if (!caller)
        return renderPage(
          ctx,
          <SignInPage csrfToken={signedOutCsrfToken(ctx)} error={WRONG_KEY} next={after} />,
          401,
        );
      await services.quotas.forgiveSignIn(client);
      const session = await openSession(em, { accountId: caller.account.id, apiKeyId: caller.apiKeyId }, now);
      setSessionCookie(ctx, session, now);
      renewSignedOutCsrfToken(ctx);
      seeOther(ctx, after ?? LISTS_PATH);
    }),
  );

  // Signing out needs the session's token too (a forged sign-out is a nuisance, not a danger, but costs nothing
  // to refuse); without a live session there is nothing to end.
  router.post('/app/sign-out', async (ctx) => {
    refuseForeignOrigin(ctx);
    const form = await readFormBody(ctx);
    const em = services.orm.em.fork();
    const now = services.clock();
    const session = await currentSession(ctx, em, now);
    if (session) {
      checkSessionCsrf(form, session.csrfToken);
      await endSession(em, session.tokenHash, now);
    }
    clearSessionCookie(ctx);
    seeOther(ctx, '/app');
  });
}
