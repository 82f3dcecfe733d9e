import type { z } from 'zod';
import { deliveryStatuses } from '../../db/entities/webhook-delivery';
import type { listWebhookDeliveries } from '../../operations/list-webhook-deliveries';
import { CsrfField, Notice, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { Layout, type Viewer } from '../layout';
import { DeliveryStatusText } from './delivery-status';
import { DisabledEndpointBanner, REENABLE_ENDPOINT_PATH } from './endpoint-banner';
import { UtcTime } from './utc-time';

export type DeliveriesAnswer = z.infer<typeof listWebhookDeliveries.output>;
type Delivery = DeliveriesAnswer['deliveries'][number];

export const DELIVERIES_PATH = '/app/deliveries';
export const TEST_WEBHOOK_PATH = `${DELIVERIES_PATH}/test`;
export const DELIVERY_FILTER_FIELDS = ['status'] as const;
export const TEST_WEBHOOK_FIELDS = ['url'] as const;

/**
 * `/app/deliveries`: the form that sends a test webhook, then the account's deliveries newest first
 * (list_webhook_deliveries) filtered by status and paged with the operation's cursor; each row leads to the
 * delivery's own page with every attempt.
 */
export function DeliveriesPage(props: {
  viewer: Viewer;
  answer: DeliveriesAnswer;
  /** The status filter as sent; shown back selected. */
  status?: string;
  /** Set on a later page. */
  cursor?: string;
  filterProblem?: FormProblem;
  typedUrl?: string;
  testProblem?: FormProblem;
}) {
  const { viewer, answer, status, cursor, filterProblem, typedUrl, testProblem } = props;
  return (
    <Layout title="Webhook deliveries" viewer={viewer} section="deliveries">
      <h1>Webhook deliveries</h1>
      {answer.endpoints.map((endpoint) => (
        <DisabledEndpointBanner
          viewer={viewer}
          url={endpoint.url}
          health={endpoint}
          action={REENABLE_ENDPOINT_PATH}
        />
      ))}
      <p>
        Every webhook sent to your addresses, newest first, with each attempt. An alert is tried up to 8 times
        over about a day; a test webhook once.
      </p>
      <section aria-labelledby="test-webhook-heading">
        <h2 id="test-webhook-heading">Send a test webhook</h2>
        <p>
          Sends a signed <code>webhook.test</code> event to the address at once, the way alerts are sent, and
          shows what the receiver answered.
        </p>
        {testProblem?.message ? <Notice kind="error">{testProblem.message}</Notice> : null}
        <form method="post" action={TEST_WEBHOOK_PATH} id="test-webhook-form" novalidate>
          <CsrfField token={viewer.csrfToken} />
          <TextField
            id="test-webhook-url"
            name="url"
            label="Webhook URL"
            value={typedUrl}
            error={testProblem?.fields.url}
            hint="A public https address on port 443, such as https://example.com/hooks/companies."
            autocomplete="url"
            required
          />
          <button type="submit">Send test webhook</button>
        </form>
      </section>
      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Deliveries</h2>
        <form method="get" action={DELIVERIES_PATH} id="delivery-filter-form" class="filter-form" novalidate>
          {filterProblem?.message ? <Notice kind="error">{filterProblem.message}</Notice> : null}
          <StatusSelect value={status} error={filterProblem?.fields.status} />
          <button type="submit">Show deliveries</button>
        </form>
        {answer.deliveries.length === 0 ? (
          <p id="no-deliveries">{emptyText(status, cursor)}</p>
        ) : (
          <DeliveriesTable deliveries={answer.deliveries} />
        )}
        <DeliveriesPager answer={answer} status={status} cursor={cursor} />
      </section>
    </Layout>
  );
}

/** The statuses list_webhook_deliveries accepts, and "any" (no filter). */
function StatusSelect({ value, error }: { value?: string; error?: string }) {
  const id = 'delivery-status';
  return (
    <div class={error ? 'field field-invalid' : 'field'}>
      <label for={id}>Status</label>
      {error ? (
        <p class="field-error" id={`${id}-error`}>
          <span class="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <select
        id={id}
        name="status"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="" selected={value === undefined}>
          Any status
        </option>
        {deliveryStatuses.map((status) => (
          <option value={status} selected={status === value}>
            {status}
          </option>
        ))}
      </select>
    </div>
  );
}

function emptyText(status: string | undefined, cursor: string | undefined): string {
  if (cursor !== undefined) return 'No older deliveries.';
  if (status !== undefined) return `No ${status} deliveries.`;
  return (
    'No deliveries yet: a webhook is sent when a monitored company changes and its list or watchlist entry ' +
    'has a webhook address, or when you send a test webhook above.'
  );
}

function DeliveriesTable({ deliveries }: { deliveries: readonly Delivery[] }) {
  return (
    <div class="table-scroll">
      <table>
        <caption>Deliveries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Last answer</th>
            <th scope="col">Attempts</th>
            <th scope="col">Created</th>
            <th scope="col">Next attempt</th>
            <th scope="col">Address</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr>
              <th scope="row">
                <a href={`${DELIVERIES_PATH}/${encodeURIComponent(delivery.id)}`}>
                  <code>{delivery.id}</code>
                </a>
                <br />
                {eventText(delivery)}
              </th>
              <td>
                <DeliveryStatusText status={delivery.status} />
              </td>
              <td>{lastAnswerText(delivery)}</td>
              <td class="number">{delivery.attempt_count}</td>
              <td>
                <UtcTime iso={delivery.created_at} />
              </td>
              <td>{delivery.next_attempt_at === null ? '—' : <UtcTime iso={delivery.next_attempt_at} />}</td>
              <td class="address">{delivery.url}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function eventText(delivery: Delivery): string {
  if (delivery.event_type === 'webhook.test') return 'Test webhook';
  if (delivery.company_number !== null) return `Alert on ${delivery.company_number}`;
  return delivery.event_type;
}

/** What the receiver last answered: its HTTP status, or why no answer came (the attempt's error class). */
export function lastAnswerText(delivery: Pick<Delivery, 'attempts'>): string {
  const last = delivery.attempts.at(-1);
  if (last === undefined) return 'Not tried yet';
  return attemptAnswerText(last);
}

export function attemptAnswerText(attempt: Delivery['attempts'][number]): string {
  if (attempt.status_code !== null) return `HTTP ${attempt.status_code}`;
  return attempt.error_class === null ? 'No answer' : `No answer (${attempt.error_class})`;
}

function DeliveriesPager(props: { answer: DeliveriesAnswer; status?: string; cursor?: string }) {
  const { answer, status, cursor } = props;
  if (answer.next_cursor === null && cursor === undefined) return null;
  const link = (next?: string) => {
    const query = new URLSearchParams();
    if (status !== undefined) query.set('status', status);
    if (next !== undefined) query.set('cursor', next);
    const text = query.toString();
    return text === '' ? DELIVERIES_PATH : `${DELIVERIES_PATH}?${text}`;
  };
  return (
    <nav aria-label="Pages of deliveries" class="pager">
      {cursor !== undefined ? <a href={link()}>Newest deliveries</a> : null}
      {answer.next_cursor !== null ? <a href={link(answer.next_cursor)}>Older deliveries</a> : null}
    </nav>
  );
}
