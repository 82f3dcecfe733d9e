import type { TestWorkflowEnvironment } from '@temporalio/testing';
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
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../support/workflow-test-env';

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
});
