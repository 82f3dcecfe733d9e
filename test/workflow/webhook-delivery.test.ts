import { Context } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { WebhookDeliveryEntity } from '../../src/db/entities/webhook-delivery';
import { WebhookDeliveryAttemptEntity } from '../../src/db/entities/webhook-delivery-attempt';
import type { Orm } from '../../src/db/orm';
import { createAccount } from '../../src/domain/accounts/accounts';
import { createDelivery } from '../../src/domain/webhooks/deliveries';
import { alertEvent, type AlertForDelivery } from '../../src/domain/webhooks/events';
import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';
import { currentSecret, rotateSecret } from '../../src/domain/webhooks/webhook-secrets';
import { launchDeliveryWorkflow, startDeliveryWorkflow } from '../../src/temporal/delivery-starter';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../src/workflows/retry-schedule';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../support/workflow-test-env';

const taskQueue = 'webhook-delivery-test';
let alertIds = 1000;

describe('webhook delivery workflow (time-skipping server, real local receiver)', () => {
  let env: TestWorkflowEnvironment;
  let orm: Orm;
  let testEnv: WorkflowTestEnv;
  let receiver: LocalReceiver;
  let redirectTarget: LocalReceiver;

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    redirectTarget = await startLocalReceiver();
    testEnv = await startWorkflowTestEnv(taskQueue, () => ({
      // Activities see the test server's skipped time, as production activities see the wall clock.
      clock: () => new Date(Context.current().info.currentAttemptScheduledTimestampMs),
      webhooks: { devAllowedOrigins: [receiver.origin, redirectTarget.origin] },
    }));
    ({ env, orm } = testEnv);
  });

  afterAll(async () => {
    await testEnv?.stop();
    await receiver?.close();
    await redirectTarget?.close();
  });

  beforeEach(() => {
    receiver.received.length = 0;
    redirectTarget.received.length = 0;
  });

  async function newAccount(): Promise<string> {
    const email = `${Math.random()}@example.com`;
    return (await createAccount(orm.em.fork(), { email, plan: 'free' }, new Date())).account.id;
  }

  async function deliver(accountId: string, maxAttempts = MAX_ATTEMPTS) {
    const now = new Date(await env.currentTimeMs());
    const alert: AlertForDelivery = {
      alertId: alertIds++,
      companyNumber: 'SC123456',
      companyName: 'Highland Widgets Limited',
      alertType: 'status_change',
      severity: 'critical',
      title: 'Company status changed to liquidation',
      detail: 'The status changed from active to liquidation.',
      detectedAt: now,
      lists: [],
    };
    const event = alertEvent(alert, 'https://api.example.com', now);
    const delivery = await createDelivery(
      orm.em.fork(),
      {
        eventId: event.id,
        accountId,
        eventType: event.type,
        companyNumber: alert.companyNumber,
        alertId: alert.alertId,
        url: receiver.url(),
        body: JSON.stringify(event),
        maxAttempts,
      },
      now,
    );
    const handle = await startDeliveryWorkflow(env.client, taskQueue, delivery);
    return { handle, event, result: await handle.result() };
  }

  async function attemptsOf(eventId: string) {
    return orm.em.fork().find(WebhookDeliveryAttemptEntity, { eventId }, { orderBy: { number: 'asc' } });
  }

  async function timersOf(handle: Awaited<ReturnType<typeof deliver>>['handle']) {
    const history = await handle.fetchHistory();
    return (history.events ?? [])
      .filter((e) => e.timerStartedEventAttributes)
      .map((e) => ({
        ms: Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds) * 1000,
        summary: JSON.parse(
          Buffer.from(e.userMetadata?.summary?.data ?? new Uint8Array()).toString('utf8'),
        ) as string,
      }));
  }

  function signatureParts(header: string | string[] | undefined) {
    const parts = String(header).split(',');
    return {
      t: Number(parts.find((p) => p.startsWith('t='))!.slice(2)),
      v1: parts.filter((p) => p.startsWith('v1=')).map((p) => p.slice(3)),
    };
  }

  it('retries on the exact schedule and stops at the first 2xx', async () => {
    const accountId = await newAccount();
    let calls = 0;
    receiver.respondWith(() => (++calls <= 3 ? { status: 500, body: 'busy' } : { status: 200, body: 'ok' }));
    const { handle, event, result } = await deliver(accountId);

    expect(result).toMatchObject({ status: 'delivered', attempts: 4 });
    expect(receiver.received).toHaveLength(4);
    const timers = await timersOf(handle);
    expect(timers.map((t) => t.ms)).toEqual(RETRY_DELAYS_MS.slice(0, 3));
    expect(timers.map((t) => t.summary)).toEqual([
      'retry 1 of 7 in 1m',
      'retry 2 of 7 in 5m',
      'retry 3 of 7 in 30m',
    ]);

    const attempts = await attemptsOf(event.id);
    const gaps = attempts
      .slice(1)
      .map((a, i) => a.attemptedAt.getTime() - attempts[i]!.attemptedAt.getTime());
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i]!);
      expect(gap).toBeLessThan(RETRY_DELAYS_MS[i]! + 2_000);
    });
    expect(attempts.map((a) => [a.statusCode, a.errorClass])).toEqual([
      [500, 'http_status'],
      [500, 'http_status'],
      [500, 'http_status'],
      [200, null],
    ]);
    expect(attempts[0]!.responseSnippet).toBe('busy');
    // The timer starts once the attempt is over, so the next attempt is 1 minute after its end.
    const untilNext = attempts[0]!.nextAttemptAt!.getTime() - attempts[0]!.attemptedAt.getTime();
    expect(untilNext).toBeGreaterThanOrEqual(60_000 + attempts[0]!.durationMs);
    expect(untilNext).toBeLessThan(62_000);
    expect(attempts[3]!.nextAttemptAt).toBeNull();
    const stored = await orm.em.fork().findOneOrFail(WebhookDeliveryEntity, { eventId: event.id });
    expect(stored).toMatchObject({ status: 'delivered', attemptCount: 4, nextAttemptAt: null });
  });

  it('signs every attempt afresh while the event id and body stay the same', async () => {
    const accountId = await newAccount();
    const secret = await currentSecret(orm.em.fork(), accountId, new Date(await env.currentTimeMs()));
    let calls = 0;
    receiver.respondWith(() => (++calls === 1 ? { status: 503 } : { status: 204 }));
    const { event } = await deliver(accountId);

    const [first, second] = receiver.received;
    expect(first!.headers['service-event-id']).toBe(event.id);
    expect(second!.headers['service-event-id']).toBe(event.id);
    expect(first!.headers['service-event-type']).toBe('company.alert');
    expect(second!.rawBody).toBe(first!.rawBody);
    expect(JSON.parse(first!.rawBody)).toEqual(event);
    const t1 = signatureParts(first!.headers['service-signature']).t;
    const t2 = signatureParts(second!.headers['service-signature']).t;
    expect(t2 - t1).toBeGreaterThanOrEqual(60);
    for (const request of [first!, second!]) {
      const { t } = signatureParts(request.headers['service-signature']);
      const verdict = verifyWebhook(
        request.rawBody,
        String(request.headers['service-signature']),
        secret.secret,
        {
          now: () => t,
        },
      );
      expect(verdict).toEqual({ ok: true, timestamp: t });
    }
  });

  it('marks the delivery failed after the 8th failure, with every retry delay in order', async () => {
    const accountId = await newAccount();
    receiver.respondWith(() => ({ status: 500 }));
    const { handle, event, result } = await deliver(accountId);

    expect(result).toMatchObject({ status: 'failed', attempts: 8 });
    expect(receiver.received).toHaveLength(8);
    expect((await timersOf(handle)).map((t) => t.ms)).toEqual([...RETRY_DELAYS_MS]);
    const stored = await orm.em.fork().findOneOrFail(WebhookDeliveryEntity, { eventId: event.id });
    expect(stored).toMatchObject({ status: 'failed', attemptCount: 8, nextAttemptAt: null });
    expect(stored.completedAt).not.toBeNull();
    expect(await attemptsOf(event.id)).toHaveLength(8);
  });

  it('counts a redirect as a failed attempt and never follows it', async () => {
    const accountId = await newAccount();
    let calls = 0;
    receiver.respondWith(() =>
      ++calls === 1
        ? { status: 302, headers: { Location: redirectTarget.url('/elsewhere') } }
        : { status: 200 },
    );
    const { event, result } = await deliver(accountId);

    expect(result).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(redirectTarget.received).toHaveLength(0);
    const [first] = await attemptsOf(event.id);
    expect(first).toMatchObject({ statusCode: 302, errorClass: 'redirect', delivered: false });
  });

  it('counts a reply after 11 seconds as a failure', async () => {
    const accountId = await newAccount();
    let calls = 0;
    receiver.respondWith(() => (++calls === 1 ? { status: 200, delayMs: 11_000 } : { status: 200 }));
    const { event, result } = await deliver(accountId);

    expect(result).toMatchObject({ status: 'delivered', attempts: 2 });
    const [first] = await attemptsOf(event.id);
    expect(first).toMatchObject({ delivered: false, errorClass: 'timeout', statusCode: null });
    expect(first!.durationMs).toBeGreaterThanOrEqual(10_000);
    expect(first!.durationMs).toBeLessThan(11_000);
  }, 60_000);

  it('carries two v1 values during a rotation, one per active secret', async () => {
    const accountId = await newAccount();
    const now = new Date(await env.currentTimeMs());
    const old = await currentSecret(orm.em.fork(), accountId, now);
    const rotation = await rotateSecret(orm.em.fork(), accountId, now);
    receiver.respondWith(() => ({ status: 200 }));
    const { event } = await deliver(accountId);

    const [request] = receiver.received;
    const header = String(request!.headers['service-signature']);
    const { t, v1 } = signatureParts(header);
    expect(v1).toHaveLength(2);
    for (const secret of [rotation.current.secret, old.secret]) {
      expect(verifyWebhook(request!.rawBody, header, secret, { now: () => t }).ok).toBe(true);
    }
    expect(verifyWebhook(request!.rawBody, header, 'whsec_someone_else', { now: () => t }).ok).toBe(false);
    const [attempt] = await attemptsOf(event.id);
    expect(attempt!.signedWith.split(',')).toEqual([rotation.current.id, old.id]);
  });

  it('sends a one-attempt delivery (test sends) once, with no retry', async () => {
    const accountId = await newAccount();
    receiver.respondWith(() => ({ status: 500 }));
    const { handle, result } = await deliver(accountId, 1);

    expect(result).toMatchObject({ status: 'failed', attempts: 1, lastAttempt: { statusCode: 500 } });
    expect(receiver.received).toHaveLength(1);
    expect(await timersOf(handle)).toEqual([]);
  });

  it('starting the same delivery twice runs one workflow', async () => {
    const accountId = await newAccount();
    receiver.respondWith(() => ({ status: 200 }));
    const { handle, event } = await deliver(accountId);
    const stored = await orm.em.fork().findOneOrFail(WebhookDeliveryEntity, { eventId: event.id });
    const again = await startDeliveryWorkflow(env.client, taskQueue, stored);
    expect(again.workflowId).toBe(handle.workflowId);
    expect((await again.describe()).runId).toBe((await handle.describe()).runId);
    expect(receiver.received).toHaveLength(1);
    // A finished workflow holds the id: said as `closed`, so a still-pending row under it can be reported.
    expect((await launchDeliveryWorkflow(env.client, taskQueue, stored)).outcome).toBe('closed');
    expect(receiver.received).toHaveLength(1);
  });
});
