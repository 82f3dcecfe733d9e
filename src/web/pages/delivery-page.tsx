import type { z } from 'zod';
import type { deliveryView } from '../../operations/delivery-view';
import { CsrfField, Notice } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { Layout, type Viewer } from '../layout';
import { DELIVERIES_PATH, attemptAnswerText } from './deliveries-page';
import { DeliveryStatusText } from './delivery-status';
import { UtcTime } from './utc-time';

export type DeliveryView = z.infer<typeof deliveryView>;
type Attempt = DeliveryView['attempts'][number];

export function deliveryPath(id: string): string {
  return `${DELIVERIES_PATH}/${encodeURIComponent(id)}`;
}

/**
 * `/app/deliveries/{id}`: one delivery (get_webhook_delivery) with everything its record holds, every attempt in
 * full, and the Redeliver button once it has ended (redeliver_webhook_delivery refuses a pending one).
 */
export function DeliveryPage(props: { viewer: Viewer; delivery: DeliveryView; problem?: FormProblem }) {
  const { viewer, delivery, problem } = props;
  const isTest = delivery.event_type === 'webhook.test';
  return (
    <Layout title={`Delivery ${delivery.id}`} viewer={viewer} section="deliveries" sectionSubpage>
      <p class="breadcrumb">
        <a href={DELIVERIES_PATH}>All deliveries</a>
      </p>
      <h1>
        Delivery <code>{delivery.id}</code>
      </h1>
      {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <DeliveryStatusText status={delivery.status} />
          {delivery.status === 'pending' && delivery.next_attempt_at !== null ? (
            <>
              {' '}
              (next attempt <UtcTime iso={delivery.next_attempt_at} />)
            </>
          ) : null}
        </dd>
        <dt>Event</dt>
        <dd>
          <code>{delivery.event_type}</code>
          {isTest ? ': a test webhook, tried once and never retried' : null}
        </dd>
        {delivery.company_number !== null ? (
          <>
            <dt>Company</dt>
            <dd>
              <a href={`/app/companies/${encodeURIComponent(delivery.company_number)}`}>
                {delivery.company_number}
              </a>
              {delivery.alert_id !== null ? (
                <>
                  {' '}
                  (alert {delivery.alert_id}, <a href="/app/alerts">see your alerts</a>)
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        <dt>Address</dt>
        <dd class="address">{delivery.url}</dd>
        <dt>Attempts</dt>
        <dd>
          {delivery.attempt_count}, of up to {delivery.max_attempts} per send
        </dd>
        <dt>Created</dt>
        <dd>
          <UtcTime iso={delivery.created_at} />
        </dd>
        <dt>Last changed</dt>
        <dd>
          <UtcTime iso={delivery.updated_at} />
        </dd>
        <dt>Completed</dt>
        <dd>{delivery.completed_at === null ? 'Not yet' : <UtcTime iso={delivery.completed_at} />}</dd>
        <dt>Sent again on request</dt>
        <dd>
          {delivery.redelivery_count === 0 ? (
            'Never'
          ) : (
            <>
              {delivery.redelivery_count} {delivery.redelivery_count === 1 ? 'time' : 'times'}
              {delivery.redelivered_at !== null ? (
                <>
                  , last at <UtcTime iso={delivery.redelivered_at} />
                </>
              ) : null}
            </>
          )}
        </dd>
      </dl>
      {delivery.status === 'pending' ? null : (
        <form method="post" action={`${deliveryPath(delivery.id)}/redeliver`} id="redeliver-form">
          <CsrfField token={viewer.csrfToken} />
          <p class="hint">
            Sends the same event (same id and body) again, signed afresh, with the usual retries.
          </p>
          <button type="submit">Redeliver</button>
        </form>
      )}
      <section aria-labelledby="attempts-heading">
        <h2 id="attempts-heading">Attempts</h2>
        {delivery.attempts.length === 0 ? (
          <p>No attempt yet.</p>
        ) : (
          <ol class="cards">
            {delivery.attempts.map((attempt) => (
              <AttemptCard attempt={attempt} />
            ))}
          </ol>
        )}
      </section>
    </Layout>
  );
}

function AttemptCard({ attempt }: { attempt: Attempt }) {
  return (
    <li class="card">
      <h3 class="card-title">
        Attempt {attempt.number}: {attempt.delivered ? 'delivered' : 'not delivered'}
      </h3>
      <dl class="facts">
        <dt>Time</dt>
        <dd>
          <UtcTime iso={attempt.attempted_at} />
        </dd>
        <dt>Answer</dt>
        <dd>{attemptAnswerText(attempt)}</dd>
        {attempt.error_message !== null ? (
          <>
            <dt>Error</dt>
            <dd>{attempt.error_message}</dd>
          </>
        ) : null}
        <dt>Duration</dt>
        <dd>{attempt.duration_ms} ms</dd>
        <dt>Resolved address</dt>
        <dd>{attempt.resolved_address ?? 'None (not resolved)'}</dd>
        <dt>Signed with</dt>
        <dd>
          {attempt.signed_with.length === 0
            ? 'No secret'
            : attempt.signed_with.map((id, index) => (
                <>
                  {index > 0 ? ', ' : ''}
                  <code>{id}</code>
                </>
              ))}
        </dd>
        <dt>Next attempt</dt>
        <dd>
          {attempt.next_attempt_at === null ? (
            'None after this one'
          ) : (
            <UtcTime iso={attempt.next_attempt_at} />
          )}
        </dd>
        {attempt.response_body_snippet !== null ? (
          <>
            <dt>Reply body (first 2 KB)</dt>
            <dd>
              <pre class="snippet">{attempt.response_body_snippet}</pre>
            </dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}
