import { copyFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Orm } from '../../src/db/orm';
import type { SanctionsRefreshOutcome } from '../../src/domain/sanctions/sanctions-list-import-result';
import { currentListVersion } from '../../src/domain/sanctions/sanctions-list';
import { workflowTypes } from '../../src/temporal/names';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../support/workflow-test-env';

const taskQueue = 'sanctions-refresh-test';
const fixtures = join(__dirname, '../fixtures/sanctions');

/*
 * The sanctions-refresh workflow on the time-skipping server with its real activity, reading a folder (the
 * Schedule itself needs the dev server: test/integration/sanctions-list.test.ts). Each run reads the newest .csv.
 */
describe('sanctions-refresh workflow (time-skipping server)', () => {
  let env: TestWorkflowEnvironment;
  let orm: Orm;
  let testEnv: WorkflowTestEnv;
  const folder = mkdtempSync(join(tmpdir(), 'cds-sanctions-wf-'));
  let runs = 0;
  let day = 1;

  /** Drops a file into the folder as the newest. */
  const drop = (name: string, content?: string) => {
    const file = join(folder, name);
    if (content === undefined) copyFileSync(join(fixtures, name), file);
    else writeFileSync(file, content);
    const at = new Date(Date.UTC(2026, 1, day++));
    utimesSync(file, at, at);
  };

  beforeAll(async () => {
    testEnv = await startWorkflowTestEnv(taskQueue, () => ({
      sanctionsList: { source: { kind: 'file', path: folder } },
    }));
    ({ env, orm } = testEnv);
  });
  afterAll(async () => {
    await testEnv?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const refresh = () =>
    env.client.workflow.execute<() => Promise<SanctionsRefreshOutcome>>(workflowTypes.sanctionsRefresh, {
      taskQueue,
      workflowId: `sanctions-refresh-test-${++runs}`,
    });

  it('returns the outcome of each refresh: failed on an empty folder, imported, unchanged, imported again', async () => {
    expect(await refresh()).toMatchObject({ status: 'failed', code: 'unavailable' });
    drop('uk-sanctions-list-2026-02-13.csv');
    expect(await refresh()).toMatchObject({
      status: 'imported',
      version: { published_on: '2026-02-13', added: 5 },
    });
    expect(await refresh()).toMatchObject({ status: 'unchanged' });
    drop('uk-sanctions-list-2026-02-20.csv');
    expect(await refresh()).toMatchObject({
      status: 'imported',
      version: { published_on: '2026-02-20', added: 1, amended: 1, removed: 1 },
    });
  });

  it('keeps the current version when the newest file is not a list', async () => {
    const before = await currentListVersion(orm.em.fork(), 'uk');
    drop('broken.csv', 'Last Updated,Unique ID\n01/01/2026,RUS0001\n');
    expect(await refresh()).toMatchObject({
      status: 'failed',
      code: 'invalid_argument',
      reason: expect.stringContaining('line 1 should be "Report Date: dd/mm/yyyy"'),
    });
    expect(await currentListVersion(orm.em.fork(), 'uk')).toEqual(before);
  });
});
