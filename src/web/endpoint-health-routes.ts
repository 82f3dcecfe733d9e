import type Router from '@koa/router';
import type { z } from 'zod';
import { notFound } from '../domain/errors';
import type { endpointHealthView } from '../domain/webhooks/endpoint-health';
import { RECOVERY_WINDOW_MS } from '../domain/webhooks/redelivery-recovery';
import type { AppState } from '../http/state';
import { getLists } from '../operations/get-lists';
import { listWebhookDeliveries } from '../operations/list-webhook-deliveries';
import { recoverWebhookDeliveries } from '../operations/recover-webhook-deliveries';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { signedInCaller } from './page-inputs';
import { DELIVERIES_PATH } from './pages/deliveries-page';
import { listReenablePath, REENABLE_ENDPOINT_PATH } from './pages/endpoint-banner';
import { seeOther } from './render-page';
import { signedInPage, type SignedInRequest } from './web-request';

/** A minute inside recover's 14 days, so the check against the API's clock a moment later still passes. */
const WINDOW_MARGIN_MS = 60_000;

/**
 * "Re-enable and recover" on a disabled address's banner: recover_webhook_deliveries with the address's url,
 * from the first failure of its run (within recover's 14 days), so what failed and what was held back is sent
 * once. A refusal (not disabled: 409; another account's list or address: 404) is the error page of its code.
 */
export function endpointHealthRoutes(router: Router<AppState>, services: Services): void {
  router.post(
    REENABLE_ENDPOINT_PATH,
    signedInPage(services, async (request) => {
      const url = request.form.url ?? '';
      const { endpoints } = await callOperation(listWebhookDeliveries, { limit: 1 }, signedInCaller(request));
      const health = endpoints.find((endpoint) => endpoint.url === url);
      if (health === undefined) throw notFound('Webhook endpoint', { url });
      await reenable(request, url, health);
      seeOther(request.ctx, DELIVERIES_PATH);
    }),
  );

  router.post(
    listReenablePath(':id'),
    signedInPage(services, async (request) => {
      const id = Number((request.ctx.params as Record<string, string>).id);
      const { lists } = await callOperation(getLists, {}, signedInCaller(request));
      const list = lists.find((candidate) => candidate.id === id);
      if (list === undefined) throw notFound('List', { list_id: id });
      if (list.webhook_url === null || list.webhook_health === null)
        throw notFound('Webhook endpoint', { list_id: id });
      await reenable(request, list.webhook_url, list.webhook_health);
      seeOther(request.ctx, `/app/lists/${id}`);
    }),
  );
}

async function reenable(
  request: SignedInRequest,
  url: string,
  health: z.infer<typeof endpointHealthView>,
): Promise<void> {
  const now = Date.now();
  const from = Date.parse(health.failing_since ?? health.disabled_at ?? new Date(now).toISOString());
  const since = new Date(Math.min(now, Math.max(from, now - RECOVERY_WINDOW_MS + WINDOW_MARGIN_MS)));
  await callOperation(recoverWebhookDeliveries, { since: since.toISOString(), url }, signedInCaller(request));
}
