import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Context } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import pino from 'pino';
import { createActivities } from '../../src/activities';
import { WebhookDeliveryEntity } from '../../src/db/entities/webhook-delivery';
import { WebhookDeliveryAttemptEntity } from '../../src/db/entities/webhook-delivery-attempt';
import type { Orm } from '../../src/db/orm';
import { createAccount } from '../../src/domain/accounts/accounts';
import { createDelivery } from '../../src/domain/webhooks/deliveries';
import { alertEvent } from '../../src/domain/webhooks/events';
import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';
import { currentSecret } from '../../src/domain/webhooks/webhook-secrets';
import { startDeliveryWorkflow } from '../../src/temporal/delivery-starter';
import type { WebhookDeliveryResult } from '../../src/temporal/contracts';
import { webhookRedeliveryWorkflowId } from '../../src/temporal/names';
import { redeliver } from '../../src/temporal/redelivery-starter';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../src/workflows/retry-schedule';
import { historyFromFile } from '../support/history-json';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { projectRoot } from '../support/paths';
import { workflowBundle } from '../support/workflow-bundle';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../support/workflow-test-env';

const taskQueue = 'webhook-redelivery-test';
/** A worker whose first send never reports back, as when the worker sending it is lost. */
const lostSendQueue = 'webhook-redelivery-lost-send';
/** The send activity's start-to-close timeout in src/workflows/webhook-delivery.ts. */
const SEND_TIMEOUT_MS = 45_000;
let alertIds = 5000;

describe('redelivery and timed-out attempts (time-skipping server, real local receiver)', () => {
  let env: TestWorkflowEnvironment;
  let orm: Orm;
  let testEnv: WorkflowTestEnv;
  let receiver: LocalReceiver;

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    testEnv = await startWorkflowTestEnv(taskQueue, () => ({
      clock: () => new Date(Context.current().info.currentAttemptScheduledTimestampMs),
      webhooks: { devAllowedOrigins: [receiver.origin] },
    }));
    ({ env, orm } = testEnv);
  });

  afterAll(async () => {
    await testEnv?.stop();
    await receiver?.close();
  });

  beforeEach(() => {
    receiver.received.length = 0;
  });

  async function newAccount(): Promise<string> {
    const email = `${Math.random()}@example.com`;
    const now = new Date(await env.currentTimeMs());
    const { account } = await createAccount(orm.em.fork(), { email, plan: 'free' }, now);
    await currentSecret(orm.em.fork(), account.id, now);
    return account.id;
  }

  async function storeDelivery(accountId: string) {
    const now = new Date(await env.currentTimeMs());
    const alertId = alertIds++;
    const event = alertEvent(
      {
        alertId,
        companyNumber: 'SC123456',
        companyName: 'Highland Widgets Limited',
        alertType: 'status_change',
        severity: 'critical',
        title: 'Company status changed to liquidation',
        detail: 'The status changed from active to liquidation.',
        detectedAt: now,
        lists: [],
      },
      'https://api.example.com',
      now,
    );
    return createDelivery(
      orm.em.fork(),
      {
        eventId: event.id,
        accountId,
        eventType: event.type,
        companyNumber: 'SC123456',
        alertId,
        url: receiver.url('/hooks'),
        body: JSON.stringify(event),
        maxAttempts: MAX_ATTEMPTS,
      },
      now,
    );
  }

  const attemptsOf = (eventId: string) =>
    orm.em.fork().find(WebhookDeliveryAttemptEntity, { eventId }, { orderBy: { number: 'asc' } });
  const deliveryRow = (eventId: string) => orm.em.fork().findOneOrFail(WebhookDeliveryEntity, { eventId });
  const signatureTime = (header: string | string[] | undefined) =>
    Number(
      String(header)
        .split(',')
        .find((part) => part.startsWith('t='))!
        .slice(2),
    );

  async function redeliverNow(accountId: string, eventId: string) {
    const now = new Date(await env.currentTimeMs());
    const answer = await redeliver(
      { em: orm.em.fork(), client: env.client, taskQueue },
      { accountId, eventId, now, idempotencyKey: null },
      (claim) => claim.redelivery,
    );
    const handle = env.client.workflow.getHandle(answer.workflowId);
    return { answer, handle, result: (await handle.result()) as WebhookDeliveryResult };
  }

  async function timersOf(workflowId: string) {
    const history = await env.client.workflow.getHandle(workflowId).fetchHistory();
    return (history.events ?? [])
      .filter((e) => e.timerStartedEventAttributes)
      .map((e) => ({
        ms: Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds) * 1000,
        summary: JSON.parse(
          Buffer.from(e.userMetadata?.summary?.data ?? new Uint8Array()).toString('utf8'),
        ) as string,
      }));
  }

  describe('a delivery that failed its 8 attempts, sent again', () => {
    let accountId: string;
    let eventId: string;
    let lastOriginalT: number;

    beforeAll(async () => {
      accountId = await newAccount();
      receiver.respondWith(() => ({ status: 500, body: 'down' }));
      const delivery = await storeDelivery(accountId);
      eventId = delivery.eventId;
      const result = await (await startDeliveryWorkflow(env.client, taskQueue, delivery)).result();
      expect(result).toMatchObject({ status: 'failed', attempts: 8 });
      lastOriginalT = signatureTime(receiver.received.at(-1)!.headers['service-signature']);
    });

    it('is delivered by attempt 9: same event id and body, a fresh signature, the numbering continued', async () => {
      const original = await attemptsOf(eventId);
      expect(original.map((a) => a.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      receiver.respondWith(() => ({ status: 200, body: 'ok' }));
      await env.sleep(60_000); // the customer fixes their endpoint and asks a minute later

      const { answer, handle, result } = await redeliverNow(accountId, eventId);

      expect(answer).toMatchObject({ number: 1, firstAttempt: 9 });
      expect(handle.workflowId).toBe(webhookRedeliveryWorkflowId(eventId, 1));
      expect(result).toMatchObject({ status: 'delivered', attempts: 9 });
      const attempts = await attemptsOf(eventId);
      expect(attempts.map((a) => [a.number, a.delivered])).toEqual([
        ...original.map((a) => [a.number, false]),
        [9, true],
      ]);
      expect(await deliveryRow(eventId)).toMatchObject({
        status: 'delivered',
        attemptCount: 9,
        redeliveryCount: 1,
        nextAttemptAt: null,
      });

      const [sent] = receiver.received;
      expect(receiver.received).toHaveLength(1);
      expect(sent!.headers['service-event-id']).toBe(eventId);
      expect(sent!.rawBody).toBe((await deliveryRow(eventId)).body);
      const t = signatureTime(sent!.headers['service-signature']);
      // Signed when sent, not when the delivery was made or last tried.
      expect(t - lastOriginalT).toBeGreaterThanOrEqual(60);
      const secret = await currentSecret(orm.em.fork(), accountId, new Date(await env.currentTimeMs()));
      const header = String(sent!.headers['service-signature']);
      expect(verifyWebhook(sent!.rawBody, header, secret.secret, { now: () => t })).toEqual({
        ok: true,
        timestamp: t,
      });
    });

    it('a delivered delivery sent again and failing runs the whole retry schedule once more, as attempts 10-17', async () => {
      receiver.respondWith(() => ({ status: 503 }));
      const { handle, result } = await redeliverNow(accountId, eventId);

      expect(handle.workflowId).toBe(webhookRedeliveryWorkflowId(eventId, 2));
      expect(result).toMatchObject({ status: 'failed', attempts: 17 });
      expect(receiver.received).toHaveLength(8);
      const timers = await timersOf(handle.workflowId);
      expect(timers.map((t) => t.ms)).toEqual([...RETRY_DELAYS_MS]);
      expect(timers[0]!.summary).toBe('retry 1 of 7 in 1m');
      expect(timers[6]!.summary).toBe('retry 7 of 7 in 24h');
      const attempts = await attemptsOf(eventId);
      expect(attempts.map((a) => a.number)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
      expect(attempts.slice(9).every((a) => a.statusCode === 503)).toBe(true);
      expect(await deliveryRow(eventId)).toMatchObject({
        status: 'failed',
        attemptCount: 17,
        redeliveryCount: 2,
      });
      const description = await handle.describe();
      expect(await description.staticSummary()).toBe(
        `redelivery 2 of ${eventId}: company.alert for SC123456 to ${new URL(receiver.origin).host}`,
      );
      expect(description.typedSearchAttributes.getAll().map((p) => [p.key.name, p.value])).toEqual(
        expect.arrayContaining([
          ['DeliveryStatus', 'failed'],
          ['EventType', 'company.alert'],
          ['AccountId', accountId],
          ['CompanyNumber', 'SC123456'],
        ]),
      );
    });
  });

  describe('an attempt whose activity never reports back', () => {
    let worker: Worker;
    let running: Promise<void>;
    let releaseLostSend: () => void = () => undefined;

    beforeAll(async () => {
      const lostSend = new Promise<void>((resolve) => (releaseLostSend = resolve));
      const activities = createActivities({
        orm,
        logger: pino({ level: 'silent' }),
        clock: () => new Date(Context.current().info.currentAttemptScheduledTimestampMs),
        webhooks: { devAllowedOrigins: [receiver.origin] },
        temporal: { client: env.client, taskQueue: lostSendQueue },
        publicBaseUrl: 'https://api.example.test',
      });
      let sends = 0;
      worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue: lostSendQueue,
        workflowBundle: workflowBundle(),
        activities: {
          ...activities,
          async sendDeliveryAttempt(input: { eventId: string; attempt: number }) {
            if (++sends === 1) await lostSend;
            return activities.sendDeliveryAttempt(input);
          },
        },
      });
      running = worker.run();
    });

    afterAll(async () => {
      releaseLostSend();
      worker?.shutdown();
      await running;
    });

    it('is recorded as sent when it was scheduled, lasting until the timeout fired', async () => {
      receiver.respondWith(() => ({ status: 200 }));
      const accountId = await newAccount();
      const delivery = await storeDelivery(accountId);
      const handle = await startDeliveryWorkflow(env.client, lostSendQueue, delivery);
      const result = await handle.result();

      expect(result).toMatchObject({ status: 'delivered', attempts: 2 });
      const history = await handle.fetchHistory();
      const eventMs = (type: string, nth = 0) => {
        const event = (history.events ?? []).filter((e) => e[type as 'timerFiredEventAttributes'])[nth]!;
        return Number(event.eventTime!.seconds) * 1000 + Math.floor((event.eventTime!.nanos ?? 0) / 1e6);
      };
      const scheduledAt = eventMs('activityTaskScheduledEventAttributes');
      const timedOutAt = eventMs('activityTaskTimedOutEventAttributes');
      expect(timedOutAt - scheduledAt).toBeGreaterThanOrEqual(SEND_TIMEOUT_MS);

      const [lost, next] = await attemptsOf(delivery.eventId);
      expect(lost).toMatchObject({ number: 1, delivered: false, errorClass: 'timeout', statusCode: null });
      expect(lost!.errorMessage).toMatch(/did not complete/);
      // Taken by the workflow task that scheduled the send: not after it, and not when the timeout fired.
      expect(lost!.attemptedAt.getTime()).toBeLessThanOrEqual(scheduledAt);
      expect(scheduledAt - lost!.attemptedAt.getTime()).toBeLessThan(2_000);
      expect(lost!.durationMs).toBeGreaterThanOrEqual(SEND_TIMEOUT_MS);
      expect(lost!.attemptedAt.getTime() + lost!.durationMs).toBeGreaterThanOrEqual(timedOutAt);
      expect(lost!.attemptedAt.getTime() + lost!.durationMs).toBeLessThan(timedOutAt + 2_000);
      // The retry waits its minute after the failure arrived.
      expect(next!.attemptedAt.getTime()).toBeGreaterThanOrEqual(timedOutAt + RETRY_DELAYS_MS[0]!);
      expect(receiver.received).toHaveLength(1);
    }, 90_000);
  });

  it('replays a history of a timed-out attempt recorded with the code before the fix', async () => {
    // Recorded from the workflow as it was before the timed-out attempt kept its send time: the first send
    // timed out after 45 s (its worker never answered), the second was delivered a minute later.
    const file = join(projectRoot, 'test/fixtures/histories/webhook-delivery-timed-out-attempt.json');
    const history = historyFromFile(readFileSync(file, 'utf8'));
    expect(
      (history.events ?? []).some(
        (e) =>
          e.activityTaskTimedOutEventAttributes !== null &&
          e.activityTaskTimedOutEventAttributes !== undefined,
      ),
    ).toBe(true);
    await expect(
      Worker.runReplayHistory({ workflowBundle: workflowBundle() }, history, 'timed-out-attempt'),
    ).resolves.toBeUndefined();
  });
});
