import type Router from '@koa/router';
import type { AppState } from '../http/state';
import { getWebhookSecret } from '../operations/get-webhook-secret';
import { rotateWebhookSecret } from '../operations/rotate-webhook-secret';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { signedInCaller, viewerOf } from './page-inputs';
import { RotateSecretPage } from './pages/rotate-secret-page';
import {
  REVEAL_SECRET_PATH,
  ROTATE_SECRET_PATH,
  WEBHOOK_SECRET_PATH,
  WebhookSecretPage,
} from './pages/webhook-secret-page';
import { renderPage, seeOther } from './render-page';
import { signedInPage } from './web-request';

/**
 * `/app/webhook-secret`: the signing secret through get_webhook_secret, hidden until the Reveal form's POST
 * (answered, like every page, with Cache-Control: no-store), and rotated through rotate_webhook_secret after a
 * confirm step.
 */
export function secretRoutes(router: Router<AppState>, services: Services): void {
  router.get(
    WEBHOOK_SECRET_PATH,
    signedInPage(services, async (request) => {
      const view = await callOperation(getWebhookSecret, {}, signedInCaller(request));
      renderPage(request.ctx, <WebhookSecretPage viewer={viewerOf(request)} view={view} revealed={false} />);
    }),
  );

  // A POST, so the secret is shown only on purpose, to a page of this site (CSRF token), and never in a URL.
  router.post(
    REVEAL_SECRET_PATH,
    signedInPage(services, async (request) => {
      const view = await callOperation(getWebhookSecret, {}, signedInCaller(request));
      renderPage(request.ctx, <WebhookSecretPage viewer={viewerOf(request)} view={view} revealed={true} />);
    }),
  );

  router.get(
    ROTATE_SECRET_PATH,
    signedInPage(services, async (request) => {
      const view = await callOperation(getWebhookSecret, {}, signedInCaller(request));
      renderPage(request.ctx, <RotateSecretPage viewer={viewerOf(request)} view={view} />);
    }),
  );

  // Answered with a redirect: reloading the page after it must not rotate a second time.
  router.post(
    ROTATE_SECRET_PATH,
    signedInPage(services, async (request) => {
      await callOperation(rotateWebhookSecret, {}, signedInCaller(request));
      seeOther(request.ctx, WEBHOOK_SECRET_PATH);
    }),
  );
}
