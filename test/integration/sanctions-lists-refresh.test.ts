import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { sanctionsRefreshActivities } from '../../src/activities/sanctions-refresh';
import type { ActivityDeps } from '../../src/activities/deps';
import type { Orm } from '../../src/db/orm';
import { sanctionsListIds, type SanctionsListId } from '../../src/domain/sanctions/sanctions-lists';
import { SANCTIONS_LIST_REFRESH } from '../../src/ingest/sanctions/sanctions-list-refresh-table';
import type { SanctionsListSource } from '../../src/ingest/sanctions/sanctions-list-source';
import { workflowTypes } from '../../src/temporal/names';
import { runSanctionsRefreshNow } from '../../src/temporal/sanctions-schedule';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { projectRoot } from '../support/paths';
import { startTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * Every list kept current by its own Schedule (dev server), from a loopback HTTP server and from files, on the
 * committed fixtures. The UK list's own history (versions, diffs, limits) is in sanctions-list.test.ts; the
 * importers' bad input in sanctions-list-bad-input.test.ts.
 */

const fixtures = join(__dirname, '../fixtures/sanctions');
const run = promisify(execFile);
const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');
const text = (name: string) => readFileSync(join(fixtures, name), 'utf8');

/** What the loopback server publishes, at addresses shaped like the publishers'. */
const published: Record<string, string> = {
  '/fcdo/UK-Sanctions-List.csv': text('uk-sanctions-list-2026-02-13.csv'),
  '/ofac/exports/SDN.CSV': text('ofac/sdn.csv'),
  '/ofac/exports/ADD.CSV': text('ofac/add.csv'),
  '/ofac/exports/ALT.CSV': text('ofac/alt.csv'),
  '/ofac/exports/SDN_COMMENTS.CSV': text('ofac/sdn_comments.csv'),
  '/eu/xmlFullSanctionsList_1_1/content': text('eu-consolidated-list-sample.xml'),
  '/un/consolidated.xml': text('un-consolidated-list-sample.xml'),
};
const addresses: Record<SanctionsListId, string> = {
  uk: '/fcdo/UK-Sanctions-List.csv',
  ofac: '/ofac/exports/SDN.CSV',
  eu: '/eu/xmlFullSanctionsList_1_1/content?token=test',
  un: '/un/consolidated.xml',
};
/** What each fixture holds once read: its publication day (OFAC's CSV has none), designations, first rejected. */
const expected: Record<
  SanctionsListId,
  { published_on: string | null; designations: number; rejected: string }
> = {
  uk: { published_on: '2026-02-13', designations: 5, rejected: 'line 17' },
  ofac: { published_on: null, designations: 5, rejected: 'sdn.csv line 6' },
  eu: { published_on: '2026-11-27', designations: 3, rejected: 'sanctionEntity #4' },
  un: { published_on: '2026-11-27', designations: 3, rejected: 'INDIVIDUAL DATAID 9100003' },
};

describe("each list's own refresh Schedule, reading its URL (dev server, loopback HTTP)", () => {
  let server: LocalReceiver;
  let app: TestApp;

  beforeAll(async () => {
    server = await startLocalReceiver();
    server.respondWith((req) => {
      const body = published[req.path.split('?')[0]!];
      return body === undefined ? { status: 404, body: 'not found' } : { status: 200, body };
    });
    const env: Record<string, string> = {};
    for (const list of sanctionsListIds)
      env[SANCTIONS_LIST_REFRESH[list].urlVariable] = server.url(addresses[list]);
    // changeCheckSchedule: this worker creates the namespace's Schedules on its task queue, as a real start does.
    app = await startTestApp(env, { changeCheckSchedule: true });
  });
  afterAll(async () => {
    await app?.stop();
    await server?.close();
  });

  it('is one daily Schedule per list, each starting the refresh workflow with its list', async () => {
    for (const list of sanctionsListIds) {
      const { scheduleId, summary } = SANCTIONS_LIST_REFRESH[list];
      const description = await app.services.temporal.schedule.getHandle(scheduleId).describe();
      expect(description.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: workflowTypes.sanctionsRefresh,
        workflowId: scheduleId,
        taskQueue: app.config.TEMPORAL_TASK_QUEUE,
        args: [list],
        staticSummary: summary,
      });
      expect(description.spec.intervals).toEqual([{ every: 86_400_000, offset: 6 * 3_600_000 }]);
    }
  });

  it.each(['ofac', 'eu', 'un', 'uk'] as const)(
    'refreshes the %s list from its URL as a version of that list, then finds it unchanged',
    async (list) => {
      const run = await runSanctionsRefreshNow(app.services.temporal, list);
      expect(run.workflowId).toContain(SANCTIONS_LIST_REFRESH[list].scheduleId);
      expect(run.result).toMatchObject({
        status: 'imported',
        list,
        version: {
          list,
          published_on: expected[list].published_on,
          source: server.url(addresses[list]),
          designations: expected[list].designations,
          added: expected[list].designations,
          removed: 0,
        },
      });
      expect(run.result.status === 'imported' && run.result.problems.rejected[0]!.place).toBe(
        expected[list].rejected,
      );
      const again = await runSanctionsRefreshNow(app.services.temporal, list);
      expect(again.result).toMatchObject({
        status: 'unchanged',
        list,
        version: { id: run.result.status === 'imported' ? run.result.version.id : -1 },
      });
    },
  );

  it("`sanctions refresh` (a real CLI process) triggers every list's Schedule in turn, or the one --list names", async () => {
    const database = app.config.database;
    const env = {
      ...process.env,
      DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url,
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
      LOG_LEVEL: 'error',
    };
    const cli = async (...args: string[]) =>
      JSON.parse(
        (await run(tsx, ['src/cli.ts', 'sanctions', 'refresh', ...args], { cwd: projectRoot, env })).stdout,
      ) as {
        refreshes: { workflow_id: string; status: string; list: string }[];
      };
    const all = await cli();
    expect(all.refreshes.map(({ list, status }) => ({ list, status }))).toEqual(
      sanctionsListIds.map((list) => ({ list, status: 'unchanged' })),
    );
    expect(all.refreshes[1]!.workflow_id).toContain('sanctions-refresh-ofac');
    expect((await cli('--list', 'un')).refreshes.map(({ list }) => list)).toEqual(['un']);
  });
});

describe("each list's refresh from a file or folder (the activity its Schedule runs)", () => {
  let db: TestDatabase;
  let orm: Orm;
  let server: LocalReceiver;
  const dir = mkdtempSync(join(tmpdir(), 'cds-lists-refresh-'));

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openMigrated(db);
    server = await startLocalReceiver();
    server.respondWith((req) => {
      const body = published[req.path.split('?')[0]!];
      return body === undefined ? { status: 404, body: 'not found' } : { status: 200, body };
    });
  });
  afterAll(async () => {
    await server?.close();
    await orm?.close();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const refresh = (list: SanctionsListId, source: SanctionsListSource | null) =>
    sanctionsRefreshActivities({
      orm,
      clock: () => new Date(),
      logger: pino({ level: 'silent' }),
      sanctionsLists: { sources: { [list]: source } },
    } as unknown as ActivityDeps).refreshSanctionsList(list);

  /** Each list's fixture laid out as an operator would drop it: a folder per list. */
  const folders: Record<SanctionsListId, () => string> = {
    uk: () => copyInto('uk', ['uk-sanctions-list-2026-02-13.csv']),
    // Named as the Sanctions List Service names them, as an operator saving its downloads would have them.
    ofac: () =>
      copyInto('ofac', ['ofac/sdn.csv', 'ofac/add.csv', 'ofac/alt.csv', 'ofac/sdn_comments.csv'], (name) =>
        name.toUpperCase(),
      ),
    eu: () => copyInto('eu', ['eu-consolidated-list-sample.xml']),
    un: () => copyInto('un', ['un-consolidated-list-sample.xml']),
  };
  const copyInto = (name: string, files: string[], rename = (file: string) => file) => {
    const folder = join(dir, name);
    mkdirSync(folder, { recursive: true });
    for (const file of files)
      copyFileSync(join(fixtures, file), join(folder, rename(file.split('/').at(-1)!)));
    return folder;
  };

  it.each(['ofac', 'eu', 'un', 'uk'] as const)(
    'imports the %s list from its folder, and the same list from its URL is the same version',
    async (list) => {
      const outcome = await refresh(list, { kind: 'file', path: folders[list]() });
      expect(outcome).toMatchObject({
        status: 'imported',
        list,
        version: { list, designations: expected[list].designations },
      });
      expect(await refresh(list, { kind: 'url', url: server.url(addresses[list]) })).toMatchObject({
        status: 'unchanged',
        list,
        version: { id: outcome.status === 'imported' ? outcome.version.id : -1 },
      });
    },
  );

  it('reports not_configured, naming the list, when it has no source', async () => {
    expect(await refresh('eu', null)).toEqual({ status: 'not_configured', list: 'eu' });
  });
});
