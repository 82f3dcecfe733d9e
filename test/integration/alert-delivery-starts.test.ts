import pino from 'pino';
import { MockActivityEnvironment } from '@temporalio/testing';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { changeCheckActivities } from '../../src/activities/change-check';
import { WebhookDeliveryEntity } from '../../src/db/entities/webhook-delivery';
import type { Orm } from '../../src/db/orm';
import { createAccount } from '../../src/domain/accounts/accounts';
import { DELIVERY_START_CONCURRENCY } from '../../src/temporal/delivery-starter';
import { webhookDeliveryWorkflowId, workflowTypes } from '../../src/temporal/names';
import { EVENT_IDS_PER_QUERY, pendingDeliveriesAmong } from '../../src/temporal/pending-deliveries';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

// The change check's start of its deliveries' workflows (issue 15): the pending rows read together, the starts
// several at a time, and the idempotence and stranded-delivery checks kept. Temporal is a fake here, so what is
// started, how many at once and in what state each start finds its workflow is under the test's control.

interface StartCall {
  workflowType: string;
  options: {
    workflowId: string;
    args: unknown[];
    staticSummary?: string;
    workflowIdConflictPolicy?: string;
    workflowIdReusePolicy?: string;
  };
}

type Found = 'started' | 'running' | 'closed';

/** Lets every queued continuation run, so starts held "in flight" overlap for real. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A client whose `workflow.start` records each call and answers as `found` says for its workflow id: a new
 * workflow, or one that exists (running or closed), which Temporal reports as already started.
 */
function fakeClient(found: (workflowId: string) => Found | Promise<Found> = () => 'started') {
  const calls: StartCall[] = [];
  const states = new Map<string, Found>();
  let inFlight = 0;
  let mostInFlight = 0;
  const client = {
    workflow: {
      async start(workflowType: string, options: StartCall['options']) {
        calls.push({ workflowType, options });
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        try {
          await settle();
          const state = await found(options.workflowId);
          states.set(options.workflowId, state);
          if (state !== 'started')
            throw new WorkflowExecutionAlreadyStartedError('exists', options.workflowId, workflowType);
          return { workflowId: options.workflowId };
        } finally {
          inFlight--;
        }
      },
      getHandle(workflowId: string) {
        return {
          workflowId,
          describe: async () => ({
            status: { name: states.get(workflowId) === 'running' ? 'RUNNING' : 'COMPLETED' },
          }),
        };
      },
    },
  };
  return { client: client as unknown as Client, calls, mostInFlight: () => mostInFlight };
}

interface LogLine {
  level: number;
  msg: string;
  eventId?: string;
}

describe('starting the deliveries of a change check', () => {
  let db: TestDatabase;
  let orm: Orm;
  let accountId: string;
  let nextId = 1;

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openMigrated(db);
    ({
      account: { id: accountId },
    } = await createAccount(orm.em.fork(), { email: 'starts@example.com', plan: 'free' }, new Date()));
  });

  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  /** `count` stored deliveries in `status`, written in one insert; their event ids in order. */
  async function deliveries(count: number, status: 'pending' | 'delivered' = 'pending'): Promise<string[]> {
    const now = new Date();
    const rows = Array.from({ length: count }, () => {
      const id = nextId++;
      return {
        eventId: `evt_${id}_1`,
        accountId,
        eventType: 'company.alert',
        companyNumber: String(id).padStart(8, '0'),
        alertId: null,
        url: 'https://hooks.example.com/alerts',
        body: '{}',
        status,
        maxAttempts: 8,
        attemptCount: 0,
        createdAt: now,
        updatedAt: now,
        nextAttemptAt: status === 'pending' ? now : null,
        completedAt: status === 'pending' ? null : now,
      };
    });
    for (let from = 0; from < rows.length; from += 200)
      await orm.em.fork().insertMany(WebhookDeliveryEntity, rows.slice(from, from + 200));
    return rows.map((row) => row.eventId);
  }

  async function markDelivered(eventId: string): Promise<void> {
    await orm.em.fork().nativeUpdate(WebhookDeliveryEntity, { eventId }, { status: 'delivered' });
  }

  function activities(client: Client) {
    const lines: LogLine[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const { startAlertDeliveries } = changeCheckActivities({
      orm,
      clock: () => new Date(),
      logger,
      webhooks: {},
      temporal: { client, taskQueue: 'alert-delivery-starts' },
      publicBaseUrl: 'https://api.example.test',
    });
    return { startAlertDeliveries, lines };
  }

  describe('pendingDeliveriesAmong', () => {
    it('reads more ids than one query binds, keeps the order given, each once, and only pending rows', async () => {
      const pending = await deliveries(EVENT_IDS_PER_QUERY * 2 + 1);
      const [delivered] = await deliveries(1, 'delivered');
      const asked = [...pending].reverse();
      asked.splice(3, 0, delivered!, 'evt_unknown_1', asked[0]!);
      const found = await pendingDeliveriesAmong(orm.em, asked);
      expect(found.map((d) => d.eventId)).toEqual([...pending].reverse());
      expect(found[0]).toEqual({
        eventId: pending.at(-1),
        accountId,
        eventType: 'company.alert',
        companyNumber: pending.at(-1)!.replace(/^evt_(\d+)_1$/, (_, id: string) => id.padStart(8, '0')),
        maxAttempts: 8,
        url: 'https://hooks.example.com/alerts',
        attemptCount: 0,
        redeliveryCount: 0,
      });
    });

    it('reads nothing for no ids, or ids of no stored delivery', async () => {
      await expect(pendingDeliveriesAmong(orm.em, [])).resolves.toEqual([]);
      await expect(pendingDeliveriesAmong(orm.em, ['evt_none_1', ''])).resolves.toEqual([]);
    });
  });

  describe('startAlertDeliveries', () => {
    it('starts each pending delivery once, DELIVERY_START_CONCURRENCY at a time, with the idempotent policies', async () => {
      const pending = await deliveries(DELIVERY_START_CONCURRENCY * 3 + 5);
      const [delivered] = await deliveries(1, 'delivered');
      const fake = fakeClient();
      const { startAlertDeliveries } = activities(fake.client);
      const beats: unknown[] = [];
      const env = new MockActivityEnvironment();
      env.on('heartbeat', (details: unknown) => beats.push(details));

      const started = await env.run(startAlertDeliveries, [...pending, delivered!, pending[0]!]);

      expect(started).toBe(pending.length);
      expect(fake.calls.map((call) => call.options.workflowId).sort()).toEqual(
        pending.map(webhookDeliveryWorkflowId).sort(),
      );
      expect(fake.mostInFlight()).toBe(DELIVERY_START_CONCURRENCY);
      expect(beats.at(-1)).toBe(pending.length);
      const first = fake.calls.find(
        (call) => call.options.workflowId === webhookDeliveryWorkflowId(pending[0]!),
      )!;
      expect(first.workflowType).toBe(workflowTypes.webhookDelivery);
      expect(first.options).toMatchObject({
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        staticSummary: `company.alert for ${pending[0]!.replace(/^evt_(\d+)_1$/, (_, id: string) => id.padStart(8, '0'))} to hooks.example.com`,
        args: [
          expect.objectContaining({
            eventId: pending[0],
            accountId,
            eventType: 'company.alert',
            maxAttempts: 8,
          }),
        ],
      });
    });

    it('starts nothing for no ids, or ids whose deliveries are no longer pending', async () => {
      const [delivered] = await deliveries(1, 'delivered');
      const fake = fakeClient();
      const { startAlertDeliveries } = activities(fake.client);
      await expect(new MockActivityEnvironment().run(startAlertDeliveries, [])).resolves.toBe(0);
      await expect(
        new MockActivityEnvironment().run(startAlertDeliveries, [delivered!, 'evt_unknown_1']),
      ).resolves.toBe(0);
      expect(fake.calls).toEqual([]);
    });

    it('counts a running workflow as started, and reports stranded only a closed one whose row is still pending', async () => {
      const [fresh, running, finishedMeanwhile, stranded] = await deliveries(4);
      const fake = fakeClient(async (workflowId) => {
        if (workflowId === webhookDeliveryWorkflowId(running!)) return 'running';
        if (workflowId === webhookDeliveryWorkflowId(finishedMeanwhile!)) {
          // Its workflow recorded the outcome and closed after the rows were read.
          await markDelivered(finishedMeanwhile!);
          return 'closed';
        }
        if (workflowId === webhookDeliveryWorkflowId(stranded!)) return 'closed';
        return 'started';
      });
      const { startAlertDeliveries, lines } = activities(fake.client);

      const started = await new MockActivityEnvironment().run(startAlertDeliveries, [
        fresh!,
        running!,
        finishedMeanwhile!,
        stranded!,
      ]);

      expect(started).toBe(2);
      const reports = lines.filter((line) => /will not be sent/.test(line.msg));
      expect(reports.map((line) => line.eventId)).toEqual([stranded]);
      expect(reports[0]!.level).toBe(50);
    });

    it('passes a failed start on after the starts in flight settle, beginning no other', async () => {
      const pending = await deliveries(DELIVERY_START_CONCURRENCY * 4);
      const failing = webhookDeliveryWorkflowId(pending[0]!);
      let settledAfterFailure = 0;
      let failed = false;
      const fake = fakeClient(async (workflowId): Promise<Found> => {
        if (workflowId === failing) {
          failed = true;
          throw new Error('frontend unavailable');
        }
        if (failed) settledAfterFailure++;
        return 'started';
      });
      const { startAlertDeliveries } = activities(fake.client);

      await expect(new MockActivityEnvironment().run(startAlertDeliveries, pending)).rejects.toThrow(
        'frontend unavailable',
      );
      // Only the starts already in flight beside the failing one went on; the rest were never begun.
      expect(fake.calls.length).toBe(DELIVERY_START_CONCURRENCY);
      expect(settledAfterFailure).toBe(DELIVERY_START_CONCURRENCY - 1);
    });
  });
});
