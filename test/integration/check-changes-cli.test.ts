import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ScheduleOverlapPolicy } from '@temporalio/client';
import { Worker, type NativeConnection } from '@temporalio/worker';
import pino from 'pino';
import { createActivities } from '../../src/activities';
import { CompanyEntity } from '../../src/db/entities/company';
import { importDemoRegister } from '../../src/demo/demo-data';
import { simulateChange } from '../../src/demo/simulator/simulate-changes';
import { ensureChangeCheckSchedule, runChangeCheckNow } from '../../src/temporal/change-check-schedule';
import { connectWorker } from '../../src/temporal/connection';
import { CHANGE_CHECK_SCHEDULE_ID } from '../../src/temporal/names';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { workflowBundle } from '../support/workflow-bundle';

const run = promisify(execFile);
const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');
const silent = pino({ level: 'silent' });

interface CheckReport {
  workflow_id: string;
  run_id: string;
  status: string;
  changes_read: number;
  alerts_written: number;
  deliveries_started: number;
  note?: string;
  already_running?: { workflow_id: string; run_id: string; status: string; error?: string }[];
}

/*
 * `npm run cli -- check-changes` as an operator runs it: a real process triggering the change-check Schedule on
 * the run's dev server, against the service's database. A check already in progress (or one that cannot make
 * progress: its Schedule points at a task queue no worker polls yet) is how a lost worker looks from outside.
 */
describe('check-changes (CLI): reports the run it triggered, or the one already in progress, and how it ended', () => {
  let app: TestApp;
  let workerConnection: NativeConnection;
  let env: NodeJS.ProcessEnv;
  let key: string;
  let listId: number;
  let active: string[];
  let nextCompany = 0;

  beforeAll(async () => {
    app = await startTestApp({}, { changeCheckSchedule: true });
    workerConnection = await connectWorker(app.config);
    const { database } = app.config;
    env = {
      ...process.env,
      DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url,
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
      LOG_LEVEL: 'error',
    };
    await importDemoRegister(app.services.orm.em.fork(), { companies: 30, seed: 9, details: false });
    const companies = await app.services.orm.em
      .fork()
      .find(CompanyEntity, { companyStatus: 'active' }, { orderBy: { companyNumber: 'asc' } });
    active = companies.map((company) => company.companyNumber);
    ({ api_key: key } = await signUp(app));
    const list = await request<{ id: number }>(app, 'POST', '/lists', {
      key,
      body: { name: 'Watched', kind: 'clients' },
    });
    listId = list.body.id;
    // From a check that has read everything so far: each test's counts are its own changes.
    await runChangeCheckNow(app.services.temporal);
  }, 120_000);
  afterAll(async () => {
    await workerConnection?.close();
    await app?.stop();
  });
  afterEach(async () => {
    // Back to this file's own worker, whatever a test pointed the Schedule at.
    await ensureChangeCheckSchedule(app.services.temporal, app.config.TEMPORAL_TASK_QUEUE, silent);
  });

  const schedule = () => app.services.temporal.schedule.getHandle(CHANGE_CHECK_SCHEDULE_ID);

  async function changeOnMonitoredCompany(): Promise<void> {
    const companyNumber = active[nextCompany++]!;
    const added = await request(app, 'POST', '/lists/companies', {
      key,
      body: { list_id: listId, company_numbers: [companyNumber] },
    });
    expect(added.status).toBe(200);
    await simulateChange(app.services.orm.em.fork(), companyNumber, 'charge_registered');
  }

  const checkChanges = () => run(tsx, ['src/cli.ts', 'check-changes'], { cwd: projectRoot, env });

  /** Points the Schedule at a task queue no worker polls yet, so the runs it starts wait there. */
  async function parkSchedule(): Promise<string> {
    const parked = `parked-${randomBytes(4).toString('hex')}`;
    await ensureChangeCheckSchedule(app.services.temporal, parked, silent);
    return parked;
  }

  /** A worker for the parked queue, with the service's real activities on this file's database. */
  function parkedWorker(taskQueue: string) {
    return Worker.create({
      connection: workerConnection,
      taskQueue,
      workflowBundle: workflowBundle(),
      activities: createActivities({
        orm: app.services.orm,
        logger: silent,
        clock: () => new Date(),
        webhooks: {},
        temporal: { client: app.services.temporal, taskQueue },
        publicBaseUrl: 'https://api.example.test',
      }),
    });
  }

  it('prints the run it started and what that run did', async () => {
    await changeOnMonitoredCompany();
    const { stdout } = await checkChanges();
    const report = JSON.parse(stdout) as CheckReport;
    expect(report).toMatchObject({
      workflow_id: expect.stringMatching(/^change-check-/),
      run_id: expect.any(String),
      status: 'completed',
      changes_read: 1,
      alerts_written: 1,
      // The list has no webhook address: the alert is stored and listed, nothing is sent.
      deliveries_started: 0,
    });
    expect(report.already_running).toBeUndefined();
    const description = await app.services.temporal.workflow.getHandle(report.workflow_id).describe();
    expect(description.status.name).toBe('COMPLETED');
    expect(description.runId).toBe(report.run_id);
  }, 60_000);

  it('says when a check was already running, waits for it, then runs its own', async () => {
    const parked = await parkSchedule();
    await changeOnMonitoredCompany();
    // The Schedule's own policy (a run it starts with ALLOW_ALL is not tracked as running).
    await schedule().trigger(ScheduleOverlapPolicy.SKIP);
    const [inProgress] = await waitFor(async () => {
      const running = (await schedule().describe()).info.runningActions;
      return running.length > 0 ? running : undefined;
    });
    const skippedBefore = (await schedule().describe()).info.numActionsSkippedOverlap;
    const cli = checkChanges();
    // The CLI's trigger was skipped for the run in progress; a worker for it arrives only now.
    await waitFor(async () =>
      (await schedule().describe()).info.numActionsSkippedOverlap > skippedBefore ? true : undefined,
    );
    const worker = await parkedWorker(parked);
    const { stdout } = await worker.runUntil(cli);
    const report = JSON.parse(stdout) as CheckReport;
    expect(report.note).toMatch(/already running/);
    expect(report.already_running).toEqual([
      expect.objectContaining({
        workflow_id: inProgress!.workflow.workflowId,
        run_id: inProgress!.workflow.firstExecutionRunId,
        status: 'completed',
        changes_read: 1,
        alerts_written: 1,
      }),
    ]);
    // Its own run came after, and found the change already read. (Runs the Schedule starts within one second
    // share a workflow id: the run id tells them apart.)
    expect(report.run_id).not.toBe(inProgress!.workflow.firstExecutionRunId);
    expect(report).toMatchObject({ status: 'completed', changes_read: 0, alerts_written: 0 });
  }, 90_000);

  it('reports a check in progress that failed, then runs its own', async () => {
    const parked = await parkSchedule();
    await schedule().trigger(ScheduleOverlapPolicy.SKIP);
    const [inProgress] = await waitFor(async () => {
      const running = (await schedule().describe()).info.runningActions;
      return running.length > 0 ? running : undefined;
    });
    const skippedBefore = (await schedule().describe()).info.numActionsSkippedOverlap;
    const cli = checkChanges();
    await waitFor(async () =>
      (await schedule().describe()).info.numActionsSkippedOverlap > skippedBefore ? true : undefined,
    );
    await app.services.temporal.workflow
      .getHandle(inProgress!.workflow.workflowId, inProgress!.workflow.firstExecutionRunId)
      .terminate('an operator stopped the stuck check');
    const worker = await parkedWorker(parked);
    const report = JSON.parse((await worker.runUntil(cli)).stdout) as CheckReport;
    expect(report.already_running).toEqual([
      {
        workflow_id: inProgress!.workflow.workflowId,
        run_id: inProgress!.workflow.firstExecutionRunId,
        status: 'failed',
        error: expect.stringContaining('an operator stopped the stuck check'),
      },
    ]);
    expect(report).toMatchObject({ status: 'completed', changes_read: 0 });
  }, 90_000);

  it('reports a failed run with its cause and a non-zero exit', async () => {
    await parkSchedule();
    const actionsBefore = (await schedule().describe()).info.numActionsTaken;
    const cli = checkChanges().then(
      () => {
        throw new Error('check-changes succeeded');
      },
      (error: { code: number; stderr: string }) => error,
    );
    const started = await waitFor(async () => {
      const { info } = await schedule().describe();
      return info.numActionsTaken > actionsBefore ? info.runningActions[0] : undefined;
    });
    await app.services.temporal.workflow
      .getHandle(started.workflow.workflowId)
      .terminate('stopped by the operator for this test');
    const failed = await cli;
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`the change-check run ${started.workflow.workflowId}`);
    expect(failed.stderr).toMatch(/failed: .*stopped by the operator for this test/);
  }, 60_000);

  it('says what it was waiting for when the wait ends before the run does', async () => {
    await parkSchedule();
    const waiting = runChangeCheckNow(app.services.temporal, { timeoutMs: 3_000 });
    await expect(waiting).rejects.toThrow(
      /^the change-check run change-check-\S+ \(run \S+\) had not finished when the wait ended: its next workflow task waits for a worker/,
    );
    for (const { workflow } of (await schedule().describe()).info.runningActions)
      await app.services.temporal.workflow.getHandle(workflow.workflowId).terminate('test over');
  }, 60_000);
});
