import { ScheduleOverlapPolicy } from '@temporalio/client';
import { CompanyEntity } from '../../src/db/entities/company';
import { simulateChange } from '../../src/demo/simulator/simulate-changes';
import { CHANGE_CHECK_SCHEDULE_ID, webhookDeliveryWorkflowId } from '../../src/temporal/names';
import { RETRY_DELAYS_MS } from '../../src/workflows/retry-schedule';
import { startLocalReceiver } from '../../test/support/local-receiver';
import { killGroup, waitUntil } from './process-groups';
import { callApi, ProofReport, type ProofContext } from './prove-context';
import { activityRuns, workerByIdentity, workerNameOf } from './worker-identity';

// A delivery finished after the worker sending it is killed (kill -9) mid-send. A slow receiver on loopback
// holds the first request open; the worker that is sending it (Temporal's record of the running activity
// names it) is killed; the attempt times out, counts as failed, and the other worker sends it again on the
// spec's schedule (1 minute later), same event id.

interface DeliveryBody {
  status: string;
  attempt_count: number;
  attempts: {
    number: number;
    attempted_at: string;
    delivered: boolean;
    status_code: number | null;
    error_class: string | null;
    error_message: string | null;
    next_attempt_at: string | null;
  }[];
}

const EVENT_ID_HEADER = 'service-event-id';
/** The spec's wait after a first failed attempt: 1 minute. */
const RETRY_AFTER_FIRST_FAILURE_MS = RETRY_DELAYS_MS[0]!;
/** A Schedule this frequent checks soon enough to wait for; a slower one is triggered (check-changes). */
const SHORT_INTERVAL_MS = 60_000;

async function awaitChangeCheck(context: ProofContext, report: ProofReport): Promise<void> {
  const handle = context.temporal.schedule.getHandle(CHANGE_CHECK_SCHEDULE_ID);
  const every = (await handle.describe()).spec.intervals?.[0]?.every ?? Infinity;
  if (every <= SHORT_INTERVAL_MS) {
    report.note(`waiting for the next scheduled check (every ${every / 1000} s)`);
    return;
  }
  // After a run already under way, not beside it: two checks at once is not what the Schedule ever does.
  await handle.trigger(ScheduleOverlapPolicy.BUFFER_ONE);
  report.note(`the Schedule runs every ${every / 1000} s: triggered a check now`);
}
export async function proveDelivery(context: ProofContext): Promise<ProofReport> {
  const report = new ProofReport('a delivery finished after its worker is killed mid-send');
  const { state, temporal } = context;
  if (state.nodeEnv !== 'development' || state.receiverPort === null)
    throw new Error(
      'the apps run with NODE_ENV=production, which refuses a loopback receiver: run.ts restart-apps --node-env development',
    );
  const [api1, api2] = state.apis;
  if (!api1 || !api2 || state.workers.length !== 2) throw new Error('needs the two apis and the two workers');

  const receiver = await startLocalReceiver({ port: state.receiverPort });
  try {
    // The first request is held open (the send is in flight when the worker dies); later ones are answered.
    receiver.respondWith(() =>
      receiver.received.length === 1 ? { status: 200, delayMs: 600_000 } : { status: 200, body: 'ok' },
    );
    const { apiKey } = await context.account('free', 'delivery');
    const created = await callApi<{ id: number }>(api1.url, 'POST', '/lists', apiKey, {
      name: 'Crash proof',
      kind: 'clients',
    });
    const patched = await callApi(api2.url, 'PATCH', `/lists/${created.body.id}`, apiKey, {
      webhook_url: receiver.url('/hooks'),
      alert_webhook: true,
    });
    const companies = await context.orm.em
      .fork()
      .find(CompanyEntity, { companyStatus: 'active' }, { orderBy: { companyNumber: 'desc' }, limit: 1 });
    const companyNumber = companies[0]!.companyNumber;
    const added = await callApi(api1.url, 'POST', '/lists/companies', apiKey, {
      list_id: created.body.id,
      company_numbers: [companyNumber],
    });
    if (![created.status, patched.status, added.status].every((s) => s >= 200 && s < 300))
      throw new Error(`list set-up failed: ${created.status}, ${patched.status}, ${added.status}`);
    await simulateChange(context.orm.em.fork(), companyNumber, 'status_change');
    report.note(`list ${created.body.id} monitors ${companyNumber}; a status change simulated`);
    await awaitChangeCheck(context, report);

    const first = await waitUntil(
      'the first send to reach the receiver',
      async () => receiver.received[0],
      2 * SHORT_INTERVAL_MS + 60_000,
    );
    const eventId = String(first.headers[EVENT_ID_HEADER]);
    const handle = temporal.workflow.getHandle(webhookDeliveryWorkflowId(eventId));
    const sender = await waitUntil(
      'the worker running the send',
      async () => {
        const pending = (await handle.describe()).raw.pendingActivities ?? [];
        return workerByIdentity(state, pending[0]?.lastWorkerIdentity);
      },
      15_000,
    );
    const survivor = state.workers.find((w) => w !== sender)!;
    await killGroup(sender.pid);
    const killedAt = Date.now();
    report.note(
      `${eventId}: send 1 held open by the receiver; kill -9 ${sender.name} (pid ${sender.pid}) ${killedAt - first.receivedAt} ms after it arrived`,
    );

    const delivery = await waitUntil(
      'the delivery to end',
      async () => {
        const answer = await callApi<DeliveryBody>(
          api2.url,
          'GET',
          `/watchlist/webhooks/deliveries/${eventId}`,
          apiKey,
        );
        return answer.status === 200 && answer.body.status !== 'pending' ? answer.body : undefined;
      },
      240_000,
      { everyMs: 1_000 },
    );
    const [attempt1, attempt2] = delivery.attempts;
    const sends = receiver.received.filter((r) => r.headers[EVENT_ID_HEADER] === eventId);
    report.check('the delivery ended delivered', delivery.status === 'delivered', delivery.status);
    report.check(
      'after two attempts',
      delivery.attempt_count === 2 && delivery.attempts.length === 2,
      `${delivery.attempt_count}`,
    );
    report.check(
      'attempt 1, the killed send, is recorded as failed',
      attempt1 !== undefined && !attempt1.delivered,
      attempt1 && `${attempt1.error_class}: ${attempt1.error_message}`,
    );
    report.check(
      'attempt 2 delivered (200)',
      attempt2 !== undefined && attempt2.delivered && attempt2.status_code === 200,
    );
    report.check(
      'the receiver got the event twice, with the same event id',
      sends.length === 2,
      `${sends.length} requests with ${eventId}`,
    );
    // One change can raise more than one alert (a status change to liquidation is also an insolvency, say):
    // their events arrive too, answered at once, and are no part of the proof.
    const others = receiver.received.filter((r) => r.headers[EVENT_ID_HEADER] !== eventId);
    if (others.length > 0)
      report.note(
        `other events of the same change: ${others.map((r) => r.headers[EVENT_ID_HEADER]).join(', ')}`,
      );
    const gapMs = sends[1] ? sends[1].receivedAt - first.receivedAt : undefined;
    report.check(
      'the second send came at least 1 minute after the first (the spec schedule: 1m after a failure)',
      gapMs !== undefined && gapMs >= RETRY_AFTER_FIRST_FAILURE_MS,
      gapMs === undefined ? 'no second send' : `${(gapMs / 1000).toFixed(1)} s apart`,
    );
    const due = attempt1?.next_attempt_at ? Date.parse(attempt1.next_attempt_at) : Number.NaN;
    report.check(
      "and not before attempt 1's next_attempt_at",
      (sends[1]?.receivedAt ?? 0) >= due - 1_000,
      attempt1?.next_attempt_at ?? 'none',
    );
    const runs = await activityRuns(temporal, handle.workflowId, 'sendDeliveryAttempt');
    report.check(
      `send 1 ran on ${sender.name}, send 2 on ${survivor.name}`,
      workerByIdentity(state, runs[0]?.identity) === sender &&
        workerByIdentity(state, runs[1]?.identity) === survivor,
      runs.map((r) => `${workerNameOf(state, r.identity)}: ${r.outcome}`).join('; '),
    );
    report.note(
      `the delivery ended ${delivery.status} ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
  } finally {
    await receiver.close();
  }
  return report;
}
