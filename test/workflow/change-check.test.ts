import { Context } from '@temporalio/activity';
import { temporal } from '@temporalio/proto';
import { MockActivityEnvironment, type TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import pino from 'pino';
import { createActivities, type ActivityDeps } from '../../src/activities';
import type { ChangeCheckProgress, ChangeCheckStep } from '../../src/domain/changes/change-check';
import { AlertEntity } from '../../src/db/entities/alert';
import { CompanyEntity } from '../../src/db/entities/company';
import type { Orm } from '../../src/db/orm';
import { createAccount } from '../../src/domain/accounts/accounts';
import { addCompaniesToList } from '../../src/domain/lists/list-membership';
import { updateListWebhook } from '../../src/domain/lists/list-webhook';
import { createList } from '../../src/domain/lists/lists';
import { importDemoRegister } from '../../src/demo/demo-data';
import { simulateChange } from '../../src/demo/simulator/simulate-changes';
import type { ChangeCheckResult } from '../../src/temporal/contracts';
import { workflowTypes } from '../../src/temporal/names';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { waitFor } from '../support/wait-for';
import { workflowBundle } from '../support/workflow-bundle';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../support/workflow-test-env';

const { EventType, TimeoutType } = temporal.api.enums.v1;

const taskQueue = 'change-check-test';

/*
 * The change-check workflow on the time-skipping server with its real activities (the Schedule itself needs the
 * dev server: test/integration/change-check.test.ts). Steps of two changes each, so one run takes several.
 */
describe('change-check workflow (time-skipping server)', () => {
  let env: TestWorkflowEnvironment;
  let orm: Orm;
  let testEnv: WorkflowTestEnv;
  let receiver: LocalReceiver;
  let runs = 0;

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    testEnv = await startWorkflowTestEnv(taskQueue, () => ({
      // The wall clock, as in production: between two runs the time-skipping server may skip its own clock far
      // ahead (to a default timeout, years away) while nothing is pending, which would turn years of due dates
      // into overdue changes that this test is not about.
      clock: () => new Date(),
      webhooks: { devAllowedOrigins: [receiver.origin] },
      changeCheckBatchSize: 2,
    }));
    ({ env, orm } = testEnv);
    await importDemoRegister(orm.em.fork(), { companies: 20, seed: 5 });
  });
  afterAll(async () => {
    await testEnv?.stop();
    await receiver?.close();
  });

  const runCheck = () =>
    env.client.workflow.execute<() => Promise<ChangeCheckResult>>(workflowTypes.changeCheck, {
      taskQueue,
      workflowId: `change-check-test-${++runs}`,
    });

  it('reads the feed in steps, writes one alert per change, starts one delivery each, then finds nothing', async () => {
    const now = new Date(await env.currentTimeMs());
    const { account } = await createAccount(orm.em.fork(), { email: 'wf@example.com', plan: 'free' }, now);
    const list = await createList(
      orm.em.fork(),
      { accountId: account.id, name: 'Clients', kind: 'clients' },
      now,
    );
    await updateListWebhook(
      orm.em.fork(),
      account.id,
      list.id,
      { webhookUrl: receiver.url('/alerts'), alertWebhook: true },
      { devAllowedOrigins: [receiver.origin], now },
    );
    const companies = await orm.em
      .fork()
      .find(CompanyEntity, { companyStatus: 'active' }, { orderBy: { companyNumber: 'asc' }, limit: 5 });
    const numbers = companies.map((company) => company.companyNumber);
    await addCompaniesToList(orm.em.fork(), list.id, numbers, now);
    const later = new Date(now.getTime() + 1000);
    for (const number of numbers) await simulateChange(orm.em.fork(), number, 'new_filing', { now: later });

    const result = await runCheck();
    expect(result).toEqual({
      steps: 3,
      changesRead: 5,
      overdueChanges: 0,
      alertsWritten: 5,
      deliveriesStarted: 5,
      throughSequence: expect.any(Number),
      // Demo seeding stored every score: the five companies with a new filing are the ones rescored.
      healthScores: { rescored: 5, queued: 5, expired: 0, otherModel: 0, dropped: 0, more: false },
    });
    const received = await waitFor(async () =>
      receiver.received.length >= 5 ? receiver.received : undefined,
    );
    const alerts = await orm.em
      .fork()
      .find(AlertEntity, { accountId: account.id }, { orderBy: { id: 'asc' } });
    expect(alerts.map((alert) => alert.companyNumber)).toEqual(numbers);
    expect(new Set(received.map((r) => r.headers['service-event-id']))).toEqual(
      new Set(alerts.map((alert) => `evt_${alert.id}_1`)),
    );

    const again = await runCheck();
    expect(again).toMatchObject({ steps: 1, changesRead: 0, alertsWritten: 0, deliveriesStarted: 0 });
    expect(again.throughSequence).toBe(result.throughSequence);
  });

  /**
   * A list holding `count` active companies not used before, each with a new filing; with `webhook`, its alerts go
   * to the receiver.
   */
  let nextCompany = 5;
  async function monitoredCompanies(email: string, count: number, webhook: boolean): Promise<void> {
    const now = new Date(await env.currentTimeMs());
    const { account } = await createAccount(orm.em.fork(), { email, plan: 'free' }, now);
    const list = await createList(
      orm.em.fork(),
      { accountId: account.id, name: 'Clients', kind: 'clients' },
      now,
    );
    if (webhook)
      await updateListWebhook(
        orm.em.fork(),
        account.id,
        list.id,
        { webhookUrl: receiver.url('/alerts'), alertWebhook: true },
        { devAllowedOrigins: [receiver.origin], now },
      );
    const companies = await orm.em
      .fork()
      .find(
        CompanyEntity,
        { companyStatus: 'active' },
        { orderBy: { companyNumber: 'asc' }, offset: nextCompany, limit: count },
      );
    nextCompany += count;
    const numbers = companies.map((company) => company.companyNumber);
    expect(numbers).toHaveLength(count);
    await addCompaniesToList(orm.em.fork(), list.id, numbers, now);
    const later = new Date(now.getTime() + 1000);
    for (const number of numbers) await simulateChange(orm.em.fork(), number, 'new_filing', { now: later });
  }

  it('retries a step whose worker was lost after the 20-second heartbeat timeout, not the 5-minute limit', async () => {
    // No webhook: no delivery workflow is left on this test's own task queue once its worker stops.
    await monitoredCompanies('lost@example.com', 1, false);
    // A lost worker, as the server sees it: the attempt started and then nothing, no heartbeat and no result (it
    // hangs until this worker shuts down). The retry runs the real step once the test has seen why it came.
    const lostQueue = `${taskQueue}-lost-worker`;
    const real = createActivities({
      orm,
      logger: pino({ level: 'silent' }),
      clock: () => new Date(),
      webhooks: { devAllowedOrigins: [receiver.origin] },
      temporal: { client: env.client, taskQueue: lostQueue },
      publicBaseUrl: 'https://api.example.test',
      changeCheckBatchSize: 2,
    } satisfies ActivityDeps);
    let seenRetry!: () => void;
    const retrySeen = new Promise<void>((resolve) => (seenRetry = resolve));
    const whenCancelled = () => {
      const signal = Context.current().cancellationSignal;
      return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    };
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: lostQueue,
      workflowBundle: workflowBundle(),
      activities: {
        ...real,
        checkChanges: async () => {
          if (Context.current().info.attempt === 1) return whenCancelled();
          await Promise.race([retrySeen, whenCancelled()]);
          return real.checkChanges();
        },
      },
    });
    const handle = await env.client.workflow.start<() => Promise<ChangeCheckResult>>(
      workflowTypes.changeCheck,
      {
        taskQueue: lostQueue,
        workflowId: `change-check-lost-worker-${++runs}`,
      },
    );
    const result = await worker.runUntil(async () => {
      const scheduled = await waitFor(async () =>
        (await handle.fetchHistory()).events!.find(
          (event) =>
            event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED &&
            event.activityTaskScheduledEventAttributes!.activityType!.name === 'checkChanges',
        ),
      );
      const options = scheduled.activityTaskScheduledEventAttributes!;
      expect(Number(options.heartbeatTimeout?.seconds ?? 0)).toBe(20);
      expect(Number(options.startToCloseTimeout!.seconds)).toBe(300);
      // The step pending again as its second attempt, and what ended the first: the heartbeat timeout. (The
      // time-skipping server does not skip while an attempt runs, so this takes the real 20 seconds.)
      const retried = await waitFor(async () => {
        const pending = (await handle.describe()).raw.pendingActivities ?? [];
        return pending.find(
          (activity) => activity.activityType?.name === 'checkChanges' && activity.attempt === 2,
        );
      }, 90_000);
      expect(retried.lastFailure?.timeoutFailureInfo?.timeoutType).toBe(TimeoutType.TIMEOUT_TYPE_HEARTBEAT);
      seenRetry();
      return handle.result();
    });
    expect(result).toMatchObject({ steps: 1, changesRead: 1, alertsWritten: 1, deliveriesStarted: 0 });
    const started = (await handle.fetchHistory()).events!.find(
      (event) => event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED,
    )!;
    expect(started.activityTaskStartedEventAttributes!.attempt).toBe(2);
  }, 120_000);

  it('heartbeats its progress through a step: the checkpoint, the changes read, each chunk of alerts and deliveries', async () => {
    await monitoredCompanies('progress@example.com', 3, true);
    const activities = createActivities({
      orm,
      logger: pino({ level: 'silent' }),
      clock: () => new Date(),
      webhooks: {},
      temporal: { client: env.client, taskQueue },
      publicBaseUrl: 'https://api.example.test',
    });
    const activityEnv = new MockActivityEnvironment({ heartbeatTimeoutMs: 20_000 });
    const beats: (ChangeCheckProgress | undefined)[] = [];
    activityEnv.on('heartbeat', (details: ChangeCheckProgress | undefined) => beats.push(details));
    const step: ChangeCheckStep = await activityEnv.run(activities.checkChanges);
    expect(step).toMatchObject({ changesRead: 3, alertsWritten: 3, more: false });
    expect(step.deliveryEventIds).toHaveLength(3);
    // The first beat comes before the step reports anything: the timer's, at once.
    expect(beats).toEqual([
      undefined,
      { stage: 'checkpoint locked', done: 0 },
      { stage: 'changes read', done: 3 },
      { stage: 'alerts', done: 3 },
      { stage: 'deliveries', done: 3 },
    ]);
  });
});
