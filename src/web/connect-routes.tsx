import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { InteractionDetails, Provider } from 'oidc-provider';
import { notFound } from '../domain/errors';
import { MCP_SCOPE, mcpResource } from '../http/oauth/oauth-provider';
import {
  connectedClients,
  grantOfAccount,
  revokeGrant,
  type ConnectedClient,
} from '../http/oauth/oauth-store';
import type { AppState } from '../http/state';
import type { Services } from '../services';
import { consentPagePolicy } from './page-headers';
import { viewerOf } from './page-inputs';
import { ConnectPage } from './pages/connect-page';
import { CONNECTED_CLIENTS_PATH, ConnectedClientsPage } from './pages/connected-clients-page';
import { renderPage, seeOther } from './render-page';
import { signedInPage, SIGN_IN_PATH } from './web-request';

export const CONNECT_PATH = '/app/connect/:uid';

/** Where sign-in may send the browser back to: only a pending connect step, never another site. */
export function isConnectPath(path: string | undefined): path is string {
  return typeof path === 'string' && /^\/app\/connect\/[A-Za-z0-9_-]{1,64}$/.test(path);
}

/**
 * The web app's part of an OAuth sign-in (the authorization server sends the browser to /app/connect/<uid>):
 * the account signs in as it always does, then sees which assistant asks, where it is sent back to and what it
 * may do, and allows or denies. Connected assistants are listed, and disconnected, at /app/connected-clients.
 */
export function connectRoutes(
  router: Router<AppState>,
  services: Services,
  provider: () => Promise<Provider>,
): void {
  const resource = mcpResource(services.config.PUBLIC_BASE_URL);

  async function interaction(ctx: RouterContext<AppState>): Promise<InteractionDetails> {
    try {
      const details = await (await provider()).interactionDetails(ctx.req, ctx.res);
      if (details.uid !== ctx.params.uid) throw new Error('another interaction');
      return details;
    } catch {
      throw notFound('Sign-in request', { reason: 'expired_or_unknown' });
    }
  }

  router.get(CONNECT_PATH, async (ctx, next) => {
    // Signed out: sign in first, then come back here.
    const signedIn = signedInPage(
      services,
      async (request) => {
        const details = await interaction(request.ctx);
        const client = await (await provider()).Client.find(details.params.client_id);
        if (!client) throw notFound('Client');
        const redirectUri = String(details.params.redirect_uri ?? client.redirectUris[0] ?? '');
        const redirect = URL.canParse(redirectUri) ? new URL(redirectUri) : undefined;
        // Only an http(s) origin goes into the policy; a custom-scheme redirect (a native app's) is not one.
        if (redirect && /^https?:$/.test(redirect.protocol))
          request.ctx.set('Content-Security-Policy', consentPagePolicy(redirect.origin));
        renderPage(
          request.ctx,
          <ConnectPage
            viewer={viewerOf(request)}
            request={{
              uid: details.uid,
              clientId: client.clientId,
              clientName: client.clientName ?? client.clientId,
              redirectHost: redirect?.host || redirectUri,
              ...(client.clientIdMetadataDocument ? { publishedBy: new URL(client.clientId).host } : {}),
              scope: MCP_SCOPE,
            }}
          />,
        );
      },
      `${SIGN_IN_PATH}?next=${encodeURIComponent(ctx.path)}`,
    );
    await signedIn(ctx, next);
  });

  router.post(
    CONNECT_PATH,
    signedInPage(services, async (request) => {
      const { ctx, session, form } = request;
      const details = await interaction(ctx);
      const oauth = await provider();
      let result: Record<string, unknown>;
      if (form.decision === 'allow') {
        const grant = new oauth.Grant({ accountId: session.apiKeyId, clientId: details.params.client_id });
        const requested = String(details.params.scope ?? '').split(' ');
        const own = requested.filter((scope) => ['openid', 'offline_access', MCP_SCOPE].includes(scope));
        if (own.length > 0) grant.addOIDCScope(own.join(' '));
        grant.addResourceScope(resource, MCP_SCOPE);
        const grantId = await grant.save();
        result = { login: { accountId: session.apiKeyId }, consent: { grantId } };
      } else {
        result = { error: 'access_denied', error_description: 'The account holder did not allow it' };
      }
      const redirectTo = await oauth.interactionResult(ctx.req, ctx.res, result, {
        mergeWithLastSubmission: false,
      });
      seeOther(ctx, redirectTo);
    }),
  );

  router.get(
    CONNECTED_CLIENTS_PATH,
    signedInPage(services, async (request) => {
      const oauth = await provider();
      const stored = await connectedClients(request.em, request.session.account.id, request.now);
      const clients = await Promise.all(stored.map((client) => withPublishedMetadata(oauth, client)));
      renderPage(request.ctx, <ConnectedClientsPage viewer={viewerOf(request)} clients={clients} />);
    }),
  );

  router.post(
    `${CONNECTED_CLIENTS_PATH}/:grantId/revoke`,
    signedInPage(services, async (request) => {
      const grantId = request.ctx.params.grantId!;
      if (!(await grantOfAccount(request.em, grantId, request.session.account.id)))
        throw notFound('Connected assistant');
      await revokeGrant(request.em, grantId);
      seeOther(request.ctx, CONNECTED_CLIENTS_PATH);
    }),
  );
}

/**
 * A client identified by a metadata document is stored nowhere (oidc-provider keeps its document in a cache):
 * its name and redirect host come from the document, read as the sign-in read it; the URL alone if it cannot
 * be read now, so the account can still see and disconnect it.
 */
async function withPublishedMetadata(oauth: Provider, client: ConnectedClient): Promise<ConnectedClient> {
  if (client.clientName !== null || !client.clientId.startsWith('https://')) return client;
  try {
    const found = await oauth.Client.find(client.clientId);
    const redirect = found?.redirectUris[0];
    return {
      ...client,
      clientName: found?.clientName ?? null,
      redirectHost: redirect && URL.canParse(redirect) ? new URL(redirect).host : null,
    };
  } catch {
    return client;
  }
}
