import type Router from '@koa/router';
import { ServiceError, notFound } from '../domain/errors';
import type { AppState } from '../http/state';
import { getWebhookDelivery } from '../operations/get-webhook-delivery';
import { listWebhookDeliveries } from '../operations/list-webhook-deliveries';
import { redeliverWebhookDelivery } from '../operations/redeliver-webhook-delivery';
import { sendTestWebhook } from '../operations/send-test-webhook';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { type FormProblem, formProblemOf } from './form-problem';
import { queryValue, signedInCaller, viewerOf } from './page-inputs';
import {
  DELIVERIES_PATH,
  DELIVERY_FILTER_FIELDS,
  DeliveriesPage,
  TEST_WEBHOOK_FIELDS,
  TEST_WEBHOOK_PATH,
} from './pages/deliveries-page';
import { DeliveryPage, deliveryPath } from './pages/delivery-page';
import { renderPage, renderRefusedForm, seeOther } from './render-page';
import { signedInPage, type SignedInRequest } from './web-request';

/** get_webhook_delivery's limit on its id argument. */
const MAX_EVENT_ID_LENGTH = 80;

/**
 * `/app/deliveries` and one delivery's page: list_webhook_deliveries, get_webhook_delivery,
 * send_test_webhook and redeliver_webhook_delivery, each called as the API calls it.
 */
export function deliveryRoutes(router: Router<AppState>, services: Services): void {
  router.get(
    DELIVERIES_PATH,
    signedInPage(services, async (request) => {
      const { ctx } = request;
      const status = queryValue(ctx, 'status');
      const cursor = queryValue(ctx, 'cursor');
      try {
        const answer = await callOperation(
          listWebhookDeliveries,
          { status, cursor },
          signedInCaller(request),
        );
        renderPage(
          ctx,
          <DeliveriesPage viewer={viewerOf(request)} answer={answer} status={status} cursor={cursor} />,
        );
      } catch (thrown) {
        // A status the operation does not know, or a cursor it did not give: said next to the filter, above
        // the newest deliveries.
        const problem = formProblemOf(thrown, DELIVERY_FILTER_FIELDS);
        if (!problem) throw thrown;
        const answer = await callOperation(listWebhookDeliveries, {}, signedInCaller(request));
        renderRefusedForm(
          ctx,
          <DeliveriesPage viewer={viewerOf(request)} answer={answer} filterProblem={problem} />,
          problem,
        );
      }
    }),
  );

  router.post(
    TEST_WEBHOOK_PATH,
    signedInPage(services, async (request) => {
      const { ctx, form } = request;
      const url = form.url ?? '';
      try {
        const sent = await callOperation(sendTestWebhook, { url }, signedInCaller(request));
        // The delivery's page shows the one attempt in full: what the receiver answered, or why it did not.
        seeOther(ctx, deliveryPath(sent.id));
      } catch (thrown) {
        const problem = testWebhookProblem(thrown);
        if (!problem) throw thrown;
        const answer = await callOperation(listWebhookDeliveries, {}, signedInCaller(request));
        renderRefusedForm(
          ctx,
          <DeliveriesPage viewer={viewerOf(request)} answer={answer} typedUrl={url} testProblem={problem} />,
          problem,
        );
      }
    }),
  );

  router.get(
    `${DELIVERIES_PATH}/:id`,
    signedInPage(services, async (request) => {
      const delivery = await callOperation(
        getWebhookDelivery,
        { id: idOf(request) },
        signedInCaller(request),
      );
      renderPage(request.ctx, <DeliveryPage viewer={viewerOf(request)} delivery={delivery} />);
    }),
  );

  router.post(
    `${DELIVERIES_PATH}/:id/redeliver`,
    signedInPage(services, async (request) => {
      const id = idOf(request);
      try {
        await callOperation(redeliverWebhookDelivery, { id }, signedInCaller(request));
        seeOther(request.ctx, deliveryPath(id));
      } catch (thrown) {
        // Still pending (409): said on the delivery's page. Another account's delivery stays a 404 page.
        const problem = formProblemOf(thrown, []);
        if (!problem) throw thrown;
        const delivery = await callOperation(getWebhookDelivery, { id }, signedInCaller(request));
        renderRefusedForm(
          request.ctx,
          <DeliveryPage viewer={viewerOf(request)} delivery={delivery} problem={problem} />,
          problem,
        );
      }
    }),
  );
}

/** A delivery id in a page's path; one longer than any event id is a page that does not exist, as another's is. */
function idOf(request: SignedInRequest): string {
  const id = (request.ctx.params as Record<string, string>).id ?? '';
  if (id.length > MAX_EVENT_ID_LENGTH) throw notFound('Page', { path: request.ctx.path });
  return id;
}

/**
 * send_test_webhook's refusals, next to the URL field. An address the rules refuse names no argument in its
 * details (it names the rule), but the form has one field, so that is where it belongs.
 */
function testWebhookProblem(thrown: unknown): FormProblem | undefined {
  const problem = formProblemOf(thrown, TEST_WEBHOOK_FIELDS);
  if (problem === undefined || problem.message === undefined) return problem;
  if (!(thrown instanceof ServiceError) || thrown.code !== 'webhook_address_refused') return problem;
  const { message, ...onField } = problem;
  return { ...onField, fields: { url: message } };
}
