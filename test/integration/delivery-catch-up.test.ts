import { randomBytes, randomInt } from 'node:crypto';
import pino from 'pino';
import type { Client } from '@temporalio/client';
import { loadConfig, type Config } from '../../src/config';
import { WebhookDeliveryEntity, type WebhookDelivery } from '../../src/db/entities/webhook-delivery';
import { createAccount } from '../../src/domain/accounts/accounts';
import { closeServices, openServices, startApi } from '../../src/server';
import type { Services } from '../../src/services';
import { launchDeliveryWorkflow } from '../../src/temporal/delivery-starter';
import { webhookDeliveryWorkflowId } from '../../src/temporal/names';
import { runningDeliveryEventIds } from '../../src/temporal/running-delivery-workflows';
import { startWorker, type RunningWorker } from '../../src/worker';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';
import { workflowBundle } from '../support/workflow-bundle';

// The catch-up at worker start-up: it runs behind readiness, starts only the pending deliveries with no running
// workflow, and reports as stranded only a delivery still pending whose workflow id is closed.

interface LogLine {
  level: number;
  msg: string;
  eventId?: string;
  workflowId?: string;
}

const STRANDED_MESSAGE = /will not be sent/;

/** The service's pieces over a fresh database with one account, its log captured; the worker started on demand. */
async function openStack(receiver: LocalReceiver) {
  const address = process.env.TEST_TEMPORAL_ADDRESS;
  if (!address) throw new Error('TEST_TEMPORAL_ADDRESS is not set: integration tests run through jest');
  const db: TestDatabase = await createTestDatabase();
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      TEMPORAL_ADDRESS: address,
      TEMPORAL_TASK_QUEUE: `test-${randomBytes(4).toString('hex')}`,
      WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin,
    }),
    database: db.database,
  };
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const services: Services = await openServices(config, logger);
  const { account } = await createAccount(
    services.orm.em.fork(),
    { email: `catch-up-${randomBytes(4).toString('hex')}@example.com`, plan: 'free' },
    new Date(),
  );
  // Event ids name workflows in the namespace every test file shares: a random range keeps ours apart.
  const firstAlertId = randomInt(1, 1_000_000) * 1_000 + 1_000_000_000;
  let nextAlertId = firstAlertId;
  let worker: RunningWorker | undefined;

  return {
    services,
    client: services.temporal as Client,
    lines,
    /** Pending delivery rows, as a crash right after the insert leaves them: no workflow started. */
    async insertPending(count: number, path: string): Promise<WebhookDelivery[]> {
      const now = new Date();
      const rows: WebhookDelivery[] = Array.from({ length: count }, () => ({
        eventId: `evt_${nextAlertId++}_1`,
        accountId: account.id,
        eventType: 'company.alert',
        companyNumber: '01234567',
        alertId: null,
        url: receiver.url(path),
        body: '{"type":"company.alert"}',
        status: 'pending',
        maxAttempts: 8,
        attemptCount: 0,
        createdAt: now,
        updatedAt: now,
        nextAttemptAt: now,
        completedAt: null,
      }));
      const em = services.orm.em.fork();
      for (let i = 0; i < rows.length; i += 100)
        await em.insertMany(WebhookDeliveryEntity, rows.slice(i, i + 100));
      return rows;
    },
    async startWorker(): Promise<RunningWorker> {
      worker = await startWorker({
        config,
        orm: services.orm,
        client: services.temporal,
        logger,
        workflowBundle: workflowBundle(),
        changeCheckSchedule: false,
        companiesHouseStreams: false,
        // Small pages, so that the keyset paging crosses several of them.
        deliveryCatchUp: { pageSize: 50 },
      });
      return worker;
    },
    async statuses(): Promise<Record<string, number>> {
      const rows = await services.orm.em.fork().find(WebhookDeliveryEntity, {}, { fields: ['status'] });
      const counts: Record<string, number> = {};
      for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
      return counts;
    },
    async stopWorker() {
      const stopping = worker;
      worker = undefined;
      await stopping?.stop();
    },
    async stop() {
      await this.stopWorker();
      await closeServices(services);
      await db.drop();
    },
  };
}

type Stack = Awaited<ReturnType<typeof openStack>>;

/** Counts the workflow starts made through the stack's client, by workflow id. */
function countStarts(client: Client) {
  const spy = jest.spyOn(client.workflow, 'start');
  return {
    spy,
    ids: () => spy.mock.calls.map(([, options]) => options.workflowId),
  };
}

/** A promise the test settles by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function terminateIfRunning(client: Client, eventId: string) {
  const handle = client.workflow.getHandle(webhookDeliveryWorkflowId(eventId));
  const { status } = await handle.describe();
  if (status.name === 'RUNNING') await handle.terminate('test finished');
}

describe('the delivery catch-up at worker start-up', () => {
  let receiver: LocalReceiver;
  let stack: Stack | undefined;

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    // Paths under /fail answer 500 (the delivery stays pending, its workflow sleeping towards a retry).
    receiver.respondWith((req) =>
      req.path.startsWith('/fail') ? { status: 500, body: 'no' } : { status: 200, body: 'ok' },
    );
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await stack?.stop();
    stack = undefined;
  });
  afterAll(() => receiver?.close());

  it('lets the API answer /readyz before it has started a single workflow, then starts all 300', async () => {
    stack = await openStack(receiver);
    const rows = await stack.insertPending(300, '/ok');
    const { client } = stack;
    // The catch-up's first step is the listing of running workflows: hold it until the API has answered.
    const listing = gate();
    const list = client.workflow.list.bind(client.workflow);
    jest.spyOn(client.workflow, 'list').mockImplementation((options) => {
      const held = async function* () {
        await listing.opened;
        yield* list(options);
      };
      return held() as unknown as ReturnType<typeof list>;
    });
    const starts = countStarts(client);

    const worker = await stack.startWorker();
    const api = await startApi(stack.services);
    try {
      let catchUpEnded = false;
      void worker.deliveryCatchUp.then(() => (catchUpEnded = true));
      const ready = await fetch(`${api.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(starts.spy).not.toHaveBeenCalled();
      expect(catchUpEnded).toBe(false);

      listing.open();
      const summary = await worker.deliveryCatchUp;
      expect(summary).toMatchObject({
        pending: 300,
        alreadyRunning: 0,
        started: 300,
        finishedMeanwhile: 0,
        stranded: 0,
        failed: 0,
        cancelled: false,
      });
      expect(new Set(starts.ids())).toEqual(new Set(rows.map((r) => webhookDeliveryWorkflowId(r.eventId))));
      expect(starts.ids()).toHaveLength(300);
      // Started for real: every one is sent and delivered (and none is left running when the test ends).
      await waitFor(async () => ((await stack!.statuses()).delivered === 300 ? true : undefined), 180_000);
      const summaries = stack.lines.filter((l) => /^delivery catch-up/.test(l.msg));
      expect(summaries).toHaveLength(1);
      expect(summaries[0]).toMatchObject({ pending: 300, started: 300, stranded: 0 });
    } finally {
      await api.stop();
    }
  }, 240_000);

  it('starts only the deliveries whose workflow is not running', async () => {
    stack = await openStack(receiver);
    const { client } = stack;
    const [running] = await stack.insertPending(1, '/fail/running');
    const missing = await stack.insertPending(2, '/ok');
    await launchDeliveryWorkflow(client, 'no-worker-polls-this-queue', running!);
    // Visibility is eventually consistent: wait until it lists the running one, as it would after a restart.
    await waitFor(async () =>
      (await runningDeliveryEventIds(client)).has(running!.eventId) ? true : undefined,
    );
    const starts = countStarts(client);

    const worker = await stack.startWorker();
    const summary = await worker.deliveryCatchUp;

    expect(starts.ids().sort()).toEqual(missing.map((r) => webhookDeliveryWorkflowId(r.eventId)).sort());
    expect(summary).toMatchObject({ pending: 3, alreadyRunning: 1, started: 2, stranded: 0, failed: 0 });
    await terminateIfRunning(client, running!.eventId);
  }, 60_000);

  it('reports the truly stranded delivery once, and not the one that finished while it ran', async () => {
    stack = await openStack(receiver);
    const { client } = stack;
    const [stranded, finishing, plain] = await stack.insertPending(3, '/ok');
    // Stranded: its workflow id is spent (closed) while the row is still pending, as after a database reset.
    const spent = await launchDeliveryWorkflow(client, 'no-worker-polls-this-queue', stranded!);
    await spent.handle.terminate('closing it to strand the delivery');
    await waitFor(async () =>
      !(await runningDeliveryEventIds(client)).has(stranded!.eventId) ? true : undefined,
    );

    // Finishing: the catch-up reads it pending, but by the time it starts the workflow, the workflow has been
    // started by someone else (the change check, say: a start not through the spy) and has delivered it.
    const start = client.workflow.start.bind(client.workflow);
    const finishingId = webhookDeliveryWorkflowId(finishing!.eventId);
    let raced = false;
    const starts = jest.spyOn(client.workflow, 'start').mockImplementation(async (type, options) => {
      if (options.workflowId === finishingId && !raced) {
        raced = true;
        await (await start(type, options)).result();
      }
      return start(type, options);
    });

    const worker = await stack.startWorker();
    const summary = await worker.deliveryCatchUp;

    expect(raced).toBe(true);
    expect(starts.mock.calls.map(([, o]) => o.workflowId).sort()).toEqual(
      [stranded!, finishing!, plain!].map((r) => webhookDeliveryWorkflowId(r.eventId)).sort(),
    );
    expect(summary).toMatchObject({ pending: 3, started: 1, finishedMeanwhile: 1, stranded: 1, failed: 0 });
    const errors = stack.lines.filter((l) => l.level >= 50);
    expect(errors).toEqual([
      expect.objectContaining({
        msg: expect.stringMatching(STRANDED_MESSAGE),
        eventId: stranded!.eventId,
        workflowId: webhookDeliveryWorkflowId(stranded!.eventId),
      }),
    ]);
  }, 60_000);

  it('is stopped cleanly by the worker’s stop while it is still listing', async () => {
    stack = await openStack(receiver);
    await stack.insertPending(5, '/ok');
    const { client } = stack;
    const listing = gate();
    const list = client.workflow.list.bind(client.workflow);
    jest.spyOn(client.workflow, 'list').mockImplementation((options) => {
      const held = async function* () {
        await listing.opened;
        yield* list(options);
      };
      return held() as unknown as ReturnType<typeof list>;
    });
    const starts = countStarts(client);
    const worker = await stack.startWorker();

    const stopped = stack.stopWorker();
    listing.open();
    await stopped;
    expect(await worker.deliveryCatchUp).toMatchObject({ cancelled: true, started: 0 });
    expect(starts.spy).not.toHaveBeenCalled();
    expect((await stack.statuses()).pending).toBe(5);
  }, 60_000);
});
