import { Context } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { CompanyEntity } from '../../src/db/entities/company';
import type { Orm } from '../../src/db/orm';
import type { HealthScorer } from '../../src/domain/health/store/refresh-health-scores';
import { HEALTH_MODEL_VERSION } from '../../src/domain/health/score-company';
import { simulateChange } from '../../src/demo/simulator/simulate-changes';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import type { ChangeCheckResult } from '../../src/temporal/contracts';
import { workflowTypes } from '../../src/temporal/names';
import { SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../support/workflow-test-env';

const taskQueue = 'change-check-health-test';

/*
 * The change check's last step refreshes stored health scores (the refreshHealthScores activity, behind
 * patched('health-scores')). The scorer is the test's own: a fixed score per company, or a failure on demand.
 */
describe('change-check workflow: health-score refresh (time-skipping server)', () => {
  let env: TestWorkflowEnvironment;
  let orm: Orm;
  let testEnv: WorkflowTestEnv;
  let runs = 0;
  let failing = false;
  const asked: string[][] = [];

  const scorer: HealthScorer = async (tx, numbers, day) => {
    if (failing) throw new Error('scorer broke');
    asked.push([...numbers]);
    const held = await tx.find(
      CompanyEntity,
      { companyNumber: { $in: [...numbers] } },
      { disableIdentityMap: true },
    );
    return held.map((company) => ({
      companyNumber: company.companyNumber,
      modelVersion: HEALTH_MODEL_VERSION,
      asOf: day,
      score: company.companyStatus === 'active' ? 75 : 10,
      grade: company.companyStatus === 'active' ? 'B' : 'E',
      riskLevel: company.companyStatus === 'active' ? 'low' : 'severe',
      validUntil: null,
      firedCodes: [],
    }));
  };

  beforeAll(async () => {
    testEnv = await startWorkflowTestEnv(taskQueue, () => ({
      clock: () => new Date(Context.current().info.currentAttemptScheduledTimestampMs),
      healthScorer: scorer,
    }));
    ({ env, orm } = testEnv);
    await importCompaniesCsv(orm.em.fork(), SAMPLE_COMPANIES_CSV, { asOf: new Date('2026-11-22T00:00:00Z') });
  });
  afterAll(async () => {
    await testEnv?.stop();
  });

  const runCheck = () =>
    env.client.workflow.execute<() => Promise<ChangeCheckResult>>(workflowTypes.changeCheck, {
      taskQueue,
      workflowId: `change-check-health-test-${++runs}`,
    });

  const storedScores = async () => {
    const rows: { company_number: string; score: number | null }[] = await orm.em
      .getConnection()
      .execute('select company_number, score from company_health_scores order by company_number');
    return rows.map((row) => [row.company_number, row.score]);
  };

  it('scores every queued company after the change steps, then nothing when nothing changed', async () => {
    const companies = await orm.em
      .fork()
      .find(CompanyEntity, {}, { orderBy: { companyNumber: 'asc' }, disableIdentityMap: true });
    expect(companies.length).toBeGreaterThan(3);

    const first = await runCheck();
    expect(first.healthScores).toEqual({
      rescored: companies.length,
      queued: companies.length,
      expired: 0,
      otherModel: 0,
      dropped: 0,
      more: false,
    });
    expect(first.healthScoresError).toBeUndefined();
    expect(asked.flat()).toEqual(companies.map((company) => company.companyNumber));
    expect(await storedScores()).toEqual(
      companies.map((company) => [company.companyNumber, company.companyStatus === 'active' ? 75 : 10]),
    );

    const again = await runCheck();
    expect(again.healthScores).toMatchObject({ rescored: 0, queued: 0 });
    expect(asked.flat()).toHaveLength(companies.length);
  });

  it('rescores the company a register change touched', async () => {
    const [company] = await orm.em
      .fork()
      .find(CompanyEntity, { companyStatus: 'active' }, { orderBy: { companyNumber: 'asc' }, limit: 1 });
    const now = new Date(await env.currentTimeMs());
    await simulateChange(orm.em.fork(), company!.companyNumber, 'status_change', { now, seed: 2 });
    asked.length = 0;

    const result = await runCheck();
    expect(result.changesRead).toBeGreaterThan(0);
    expect(result.healthScores).toMatchObject({ rescored: 1, queued: 1 });
    expect(asked).toEqual([[company!.companyNumber]]);
    const [row] = await orm.em
      .getConnection()
      .execute<{ score: number }[]>('select score from company_health_scores where company_number = ?', [
        company!.companyNumber,
      ]);
    expect(row?.score).toBe(10); // no longer active
  });

  it('reports a refresh that keeps failing and still completes the check; the queue waits for the next', async () => {
    const [company] = await orm.em
      .fork()
      .find(CompanyEntity, {}, { orderBy: { companyNumber: 'desc' }, limit: 1 });
    await orm.em
      .fork()
      .transactional((tx) =>
        tx
          .getConnection()
          .execute(
            'insert into health_score_queue (company_number, queued_at) values (?, ?)',
            [company!.companyNumber, Date.now()],
            'run',
            tx.getTransactionContext(),
          ),
      );
    failing = true;
    const failed = await runCheck();
    expect(failed.healthScores).toBeUndefined();
    expect(failed.healthScoresError).toMatch(/scorer broke/);

    failing = false;
    const recovered = await runCheck();
    expect(recovered.healthScores).toMatchObject({ rescored: 1, queued: 1 });
  });
});
