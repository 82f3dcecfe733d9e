import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Orm } from '../../src/db/orm';
import { CompanyEntity } from '../../src/db/entities/company';
import { accountForApiKey, createAccount } from '../../src/domain/accounts/accounts';
import { addCompaniesToList } from '../../src/domain/lists/list-membership';
import { createList } from '../../src/domain/lists/lists';
import { companyDetailsFolder } from '../support/company-details-folder';
import { projectRoot } from '../support/paths';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

const run = promisify(execFile);
const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');

describe('operator CLI (a real process against a real database)', () => {
  let db: TestDatabase;
  let orm: Orm;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    db = await createTestDatabase();
    const url = db.database.kind === 'sqlite' ? `sqlite:${db.database.path}` : db.database.url;
    env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error' };
    orm = await openMigrated(db);
  });
  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  async function cli(...args: string[]) {
    const { stdout } = await run(tsx, ['src/cli.ts', ...args], { cwd: projectRoot, env });
    return JSON.parse(stdout) as Record<string, string>;
  }

  async function cliFails(...args: string[]) {
    try {
      await run(tsx, ['src/cli.ts', ...args], { cwd: projectRoot, env });
    } catch (error) {
      return error as { code: number; stderr: string };
    }
    throw new Error('the command succeeded');
  }

  it('creates an account with a plan, changes the plan, and creates and revokes keys', async () => {
    const created = await cli('accounts', 'create', '--email', 'ops@example.com', '--plan', 'starter');
    expect(created).toMatchObject({ email: 'ops@example.com', plan: 'starter' });
    expect((await accountForApiKey(orm.em.fork(), created.api_key!))?.account.plan).toBe('starter');

    expect(await cli('accounts', 'set-plan', '--account', created.account_id!, '--plan', 'team')).toEqual({
      account_id: created.account_id,
      plan: 'team',
    });

    const second = await cli('keys', 'create', '--account', created.account_id!);
    expect((await accountForApiKey(orm.em.fork(), second.api_key!))?.account.id).toBe(created.account_id);
    const revoked = await cli('keys', 'revoke', '--key', second.api_key_id!);
    expect(revoked.revoked_at).toBeTruthy();
    expect(await accountForApiKey(orm.em.fork(), second.api_key!)).toBeUndefined();
    expect(await accountForApiKey(orm.em.fork(), created.api_key!)).toBeDefined();
  }, 60_000);

  it('refuses bad input with a message and a non-zero exit', async () => {
    const badPlan = await cliFails('accounts', 'create', '--email', 'x@example.com', '--plan', 'platinum');
    expect(badPlan.code).toBe(1);
    expect(badPlan.stderr).toMatch(/error:/);
    const noEmail = await cliFails('accounts', 'create');
    expect(noEmail.stderr).toMatch(/--email is required/);
    const unknownKey = await cliFails('keys', 'revoke', '--key', 'key_nope');
    expect(unknownKey.stderr).toMatch(/not_found/);
    const unknownCommand = await cliFails('frobnicate');
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/Usage:/);
  }, 60_000);

  it('simulates register changes: one of a given type, or a random mix, each recorded in the change feed', async () => {
    await cli('demo-data', '--companies', '30', '--seed', '11');
    const [company] = await orm.em
      .fork()
      .find(CompanyEntity, { companyStatus: 'active' }, { orderBy: { companyNumber: 'asc' }, limit: 1 });
    const one = await cli('simulate-changes', '--company', company!.companyNumber, '--type', 'name_change');
    expect(one).toMatchObject({ company_number: company!.companyNumber, alert_type: 'name_change' });
    const changes = (one as unknown as { changes: { field: string; alert_type: string }[] }).changes;
    expect(changes).toEqual([expect.objectContaining({ field: 'company_name', alert_type: 'name_change' })]);
    const renamed = await orm.em
      .fork()
      .findOneOrFail(CompanyEntity, { companyNumber: company!.companyNumber });
    expect(renamed.companyName).not.toBe(company!.companyName);

    const random = (await cli('simulate-changes', '--random', '5', '--seed', '2')) as unknown as {
      simulated: number;
      changes: { company_number: string; changes: unknown[] }[];
    };
    expect(random.simulated).toBe(5);
    expect(new Set(random.changes.map((change) => change.company_number)).size).toBe(5);
    for (const change of random.changes) expect(change.changes.length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('simulates --random K: K distinct changes, several kinds per company when there are fewer companies than K', async () => {
    const active = await orm.em.fork().count(CompanyEntity, { companyStatus: 'active' });
    const requested = active + 10;
    const made = (await cli('simulate-changes', '--random', String(requested), '--seed', '3')) as unknown as {
      requested: number;
      simulated: number;
      reason?: string;
      changes: { company_number: string; alert_type: string; changes: unknown[] }[];
    };
    expect(made).toMatchObject({ requested, simulated: requested });
    expect(made.reason).toBeUndefined();
    expect(made.changes).toHaveLength(requested);
    const pairs = made.changes.map((change) => `${change.company_number} ${change.alert_type}`);
    expect(new Set(pairs).size).toBe(requested);
    for (const change of made.changes) expect(change.changes.length).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('simulates as many --random changes as the monitored companies allow, and says why not more', async () => {
    const now = new Date(Date.now() - 60_000);
    const { account } = await createAccount(orm.em.fork(), { email: 'sim@example.com', plan: 'free' }, now);
    const list = await createList(
      orm.em.fork(),
      { accountId: account.id, name: 'Two', kind: 'clients' },
      now,
    );
    const two = await orm.em
      .fork()
      .find(CompanyEntity, { companyStatus: 'active' }, { orderBy: { companyNumber: 'desc' }, limit: 2 });
    await addCompaniesToList(
      orm.em.fork(),
      list.id,
      two.map((company) => company.companyNumber),
      now,
    );
    const made = (await cli(
      'simulate-changes',
      '--random',
      '40',
      '--monitored',
      '--seed',
      '4',
    )) as unknown as {
      requested: number;
      simulated: number;
      reason: string;
      changes: { company_number: string; alert_type: string }[];
    };
    expect(made.requested).toBe(40);
    // At most 2 companies × 13 kinds, less the kinds that do not fit them.
    expect(made.simulated).toBeLessThanOrEqual(26);
    expect(made.simulated).toBeGreaterThan(2);
    expect(made.changes).toHaveLength(made.simulated);
    expect(new Set(made.changes.map((change) => change.company_number))).toEqual(
      new Set(two.map((company) => company.companyNumber)),
    );
    expect(made.reason).toMatch(/^only 2 monitored active companies × 13 kinds of change/);
  }, 120_000);

  it('imports a company details folder, a PSC snapshot and accounts files, and refuses bad input', async () => {
    const register = (await cli(
      'import',
      'companies',
      join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv'),
    )) as unknown as { inserted: number; health_scores_rescored: number };
    // Every new company is scored before the command ends (and any company an earlier test queued).
    expect(register.inserted).toBeGreaterThan(0);
    expect(register.health_scores_rescored).toBeGreaterThanOrEqual(register.inserted);
    const folder = companyDetailsFolder();
    try {
      const details = (await cli('import', 'company-details', folder)) as unknown as {
        imported: number;
        problems: unknown[];
        pscSnapshot: { companies: number };
      };
      expect(details.imported).toBeGreaterThan(0);
      expect(details.problems).toEqual([]);
      expect(details.pscSnapshot.companies).toBeGreaterThan(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const snapshot = join(projectRoot, 'test/fixtures/pscs/psc-snapshot-2026-11-15.txt');
    expect(await cli('import', 'psc-snapshot', snapshot)).toMatchObject({ companies: expect.any(Number) });
    const accounts = join(projectRoot, 'test/fixtures/accounts/northern-loom-group-2025.xhtml');
    expect(await cli('import', 'accounts', accounts)).toEqual({
      documents: [{ file: accounts, status: 'imported', baseline: false, changes: 0 }],
      // Nothing changed, so nothing was queued to rescore.
      health_scores_rescored: 0,
    });
    // Imports drained the queue: a refresh finds nothing due, and every company has its stored score.
    expect(await cli('health', 'refresh')).toEqual({
      rescored: 0,
      queued: 0,
      expired: 0,
      other_model: 0,
      dropped: 0,
    });
    const [counts] = await orm.em
      .getConnection()
      .execute<{ companies: number | string; scored: number | string }[]>(
        'select (select count(*) from companies) as companies, (select count(*) from company_health_scores) as scored',
      );
    expect(Number(counts!.scored)).toBe(Number(counts!.companies));

    expect((await cliFails('import', 'company-details')).stderr).toMatch(
      /invalid_argument: .*needs a folder/,
    );
    expect((await cliFails('import', 'company-details', join(projectRoot, 'nowhere'))).stderr).toMatch(
      /invalid_argument: .*no such folder/,
    );
    expect((await cliFails('import', 'accounts')).stderr).toMatch(/invalid_argument: .*at least one file/);
    expect((await cliFails('import', 'psc-snapshot')).stderr).toMatch(/invalid_argument: .*needs a file/);
    const notAccounts = join(projectRoot, 'test/fixtures/officers/01234567-officers.json');
    expect((await cliFails('import', 'accounts', notAccounts)).stderr).toMatch(/invalid_argument/);
  }, 120_000);

  it('refuses bad simulate-changes input with its code', async () => {
    expect((await cliFails('simulate-changes', '--company', '00000001', '--type', 'bogus')).stderr).toMatch(
      /invalid_argument: --type must be one of/,
    );
    expect(
      (await cliFails('simulate-changes', '--company', 'not a number', '--type', 'name_change')).stderr,
    ).toMatch(/invalid_company_number/);
    expect(
      (await cliFails('simulate-changes', '--company', '09999999', '--type', 'name_change')).stderr,
    ).toMatch(/not_found/);
    expect((await cliFails('simulate-changes', '--random', '0')).stderr).toMatch(
      /--random must be a whole number/,
    );
    expect((await cliFails('simulate-changes', '--random', '2', '--type', 'name_change')).stderr).toMatch(
      /cannot be combined/,
    );
    expect((await cliFails('simulate-changes')).stderr).toMatch(/--company is required/);
  }, 60_000);
});
