import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Client } from '@temporalio/client';
import pino from 'pino';
import { loadConfig } from '../../src/config';
import type { Orm } from '../../src/db/orm';
import { createAccount } from '../../src/domain/accounts/accounts';
import { knexOf } from '../../src/domain/companies/register-sql';
import { addCompaniesToList } from '../../src/domain/lists/list-membership';
import { updateList } from '../../src/domain/lists/list-update';
import { createList } from '../../src/domain/lists/lists';
import type { DemoSanctionsCollision } from '../../src/demo/demo-sanctions-collisions';
import { importDemoRegister } from '../../src/demo/demo-data';
import { importDemoSanctionsList } from '../../src/demo/demo-sanctions-list';
import { batchCompanySubjects } from '../../src/domain/sanctions/ongoing/batch-company-subjects';
import { findRun } from '../../src/domain/sanctions/ongoing/ongoing-screening-runs';
import { rescreenCompany } from '../../src/domain/sanctions/ongoing/rescreen-companies';
import { currentSanctionsLists } from '../../src/domain/sanctions/sanctions-list';
import { connectClient } from '../../src/temporal/connection';
import { startDevServer, type RunningDevServer } from '../../src/temporal/dev-server';
import { workflowTypes } from '../../src/temporal/names';
import type { OngoingScreeningProgress } from '../../src/temporal/ongoing-screening-contracts';
import { spawnWorker, type ServiceProcess } from '../support/crash-processes';
import { freePort } from '../support/free-port';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

/*
 * kill -9 of a real worker process (`src/worker.ts`, its own process group) in the middle of a re-screen, then a
 * second worker: the workflow resumes from the cursor the last batch wrote, and the matches it stores are exactly
 * those a re-screen of every company computes here in process (none lost, none twice), each sent once as a
 * delivery record and received. A dev server of its own: a worker process owns its namespace's Schedules.
 */

const COMPANIES = 2_500;
const NAMESAKES = 24;

describe('ongoing screening: kill -9 of the worker mid-run (dev server, real processes)', () => {
  let dir: string;
  let devServer: RunningDevServer;
  let db: TestDatabase;
  let orm: Orm;
  let client: Client;
  let receiver: LocalReceiver;
  const workers: ServiceProcess[] = [];
  const taskQueue = `ongoing-crash-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cds-ongoing-crash-'));
    devServer = await startDevServer({
      dataDir: join(dir, 'temporal'),
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
      logger: pino({ level: 'warn' }),
    });
    client = await connectClient(loadConfig({ TEMPORAL_ADDRESS: devServer.address }));
    db = await createTestDatabase();
    orm = await openMigrated(db);
    receiver = await startLocalReceiver();
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) await worker.stop(5_000).catch(() => undefined);
    await receiver?.close();
    await client?.connection.close();
    await orm?.close();
    await db?.drop();
    await devServer?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  function startWorkerProcess(): ServiceProcess {
    const worker = spawnWorker({
      database: db.database,
      temporalAddress: devServer.address,
      taskQueue,
      receiverOrigin: receiver.origin,
      logFile: join(dir, `worker-${workers.length + 1}.log`),
    });
    workers.push(worker);
    return worker;
  }

  it('resumes from the last batch written: every match stored once, each event delivered', async () => {
    const now = new Date();
    await importDemoRegister(orm.em.fork(), { companies: COMPANIES, seed: 38, details: false });
    const em = orm.em.fork();
    const { account } = await createAccount(em, { email: 'crash@example.com', plan: 'team' }, now);
    const list = await createList(em, { accountId: account.id, name: 'Watched', kind: 'portfolio' }, now);
    await updateList(
      em,
      account.id,
      list.id,
      { webhookUrl: receiver.url('/hook'), sanctionsAlerts: true },
      { devAllowedOrigins: [receiver.origin], now },
    );
    const companies = (await knexOf(em)('companies')
      .orderBy('company_number')
      .select('company_number', 'company_name')) as { company_number: string; company_name: string }[];
    for (let i = 0; i < companies.length; i += 1_000)
      await addCompaniesToList(
        orm.em.fork(),
        list.id,
        companies.slice(i, i + 1_000).map((c) => c.company_number),
        now,
      );
    // Namesakes of companies spread over the whole run, so the kill falls between some of them.
    const step = Math.floor(companies.length / NAMESAKES);
    const collisions: DemoSanctionsCollision[] = Array.from({ length: NAMESAKES }, (_, i) => ({
      kind: 'entity',
      name: companies[i * step]!.company_name,
    }));
    const version = await importDemoSanctionsList(orm.em.fork(), {
      designations: 1_500,
      seed: 38,
      asOf: now,
      collisions,
    });

    const first = startWorkerProcess();
    await first.waitForLog(/^Temporal worker running$/, 90_000);
    // The list's first version: a full re-screen, the longest run there is.
    const handle = await client.workflow.start(workflowTypes.ongoingScreening, {
      taskQueue,
      workflowId: `ongoing-screening-crash-${randomBytes(3).toString('hex')}`,
      args: [{ versionId: version.version.id }],
    });
    const doneAtKill = await waitFor(async () => {
      const run = await findRun(orm.em.fork(), version.version.id);
      return run !== null && run.companiesDone > 0 ? run.companiesDone : undefined;
    }, 60_000);
    await first.kill9();
    const atKill = (await findRun(orm.em.fork(), version.version.id))!;
    // The kill fell mid-run.
    expect(atKill.completedAt).toBeNull();
    expect(atKill.companiesDone).toBeGreaterThanOrEqual(doneAtKill);
    expect(atKill.companiesDone).toBeLessThan(atKill.companiesTotal);

    startWorkerProcess();
    const result = (await handle.result()) as OngoingScreeningProgress;
    expect(result).toMatchObject({ state: 'completed', fullRescreen: true, companiesTotal: COMPANIES });
    expect(result.companiesDone).toBe(COMPANIES);

    // What a re-screen of every company finds, computed here with the same code.
    const [uk] = await currentSanctionsLists(orm.em.fork(), ['uk']);
    const index = await uk!.index();
    const subjects = await batchCompanySubjects(
      orm.em.fork(),
      companies.map((c) => c.company_number),
    );
    const expected: string[] = [];
    for (const [number, ofCompany] of subjects)
      for (const match of await rescreenCompany(ofCompany, number, { index, changed: null }))
        expected.push(`${number} ${match.designation.unique_id} ${match.subjectKey}`);
    const stored = (await knexOf(orm.em)('screening_matches').select(
      'company_number',
      'unique_id',
      'subject_key',
      'event_id',
    )) as { company_number: string; unique_id: string; subject_key: string; event_id: string }[];
    expect(expected.length).toBeGreaterThanOrEqual(NAMESAKES);
    expect(stored.map((m) => `${m.company_number} ${m.unique_id} ${m.subject_key}`).sort()).toEqual(
      expected.sort(),
    );
    expect(result.matchesFound).toBe(expected.length);

    // One delivery per match, each delivered (at least once: a send in flight at the kill may come twice).
    const eventIds = stored.map((m) => m.event_id).sort();
    expect(new Set(eventIds).size).toBe(stored.length);
    const deliveries = await waitFor(async () => {
      const rows = (await knexOf(orm.em)('webhook_deliveries').select('event_id', 'status')) as {
        event_id: string;
        status: string;
      }[];
      return rows.length === stored.length && rows.every((row) => row.status === 'delivered')
        ? rows
        : undefined;
    }, 150_000);
    expect(deliveries.map((row) => row.event_id).sort()).toEqual(eventIds);
    expect([...new Set(receiver.received.map((r) => r.headers['service-event-id']))].sort()).toEqual(
      eventIds,
    );
  }, 300_000);
});
