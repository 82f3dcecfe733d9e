import type { Orm } from '../../src/db/orm';
import { seedDemoRegisterIfEmpty } from '../../src/demo/demo-data';
import { createAccount } from '../../src/domain/accounts/accounts';
import { defaultKybSources } from '../../src/domain/kyb/kyb-default-sources';
import { runKybCheck } from '../../src/domain/kyb/run-kyb-check';
import { loadHealthFacts } from '../../src/domain/health/load-health-facts';
import { HEALTH_RULES } from '../../src/domain/health/health-rules';
import { loadCompanyFacts, type KybFacts } from '../../src/domain/kyb/kyb-facts';
import { disqualificationRule } from '../../src/domain/kyb/rules/disqualification-rule';
import type { Logger } from '../../src/logger';
import { DEMO_SEEDING_TIMEOUT_MS } from '../support/demo-seeding';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The demo register holds disqualified officers written as Companies House publishes them and read by the real
 * importer; the start-up log names the companies under disqualified_directors, and on each the KYB check gives
 * what the log says: a serving disqualified director fails, an ended order and a possible link refer. The health
 * score's rule reads the same links.
 */

const asOf = new Date('2026-11-29T06:00:00Z');
const day = '2026-11-29';
let db: TestDatabase;
let orm: Orm;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
});

afterAll(async () => {
  await orm?.close();
  await db?.drop();
});

it(
  'names the demo companies with a disqualified director, each with the KYB outcome the log gives',
  async () => {
    const info = jest.fn();
    await seedDemoRegisterIfEmpty(orm, { info, warn: jest.fn() } as unknown as Logger, {
      companies: 200,
      asOf,
    });
    const logged = (info.mock.calls[0]![0] as { disqualified_directors: string[] }).disqualified_directors;
    expect(logged).toHaveLength(3);
    const [serving, ended, possible] = logged;
    expect(serving).toMatch(
      /^\S{8} .+: director .+, undertaking \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}: disqualified_director \(fail\)$/,
    );
    expect(ended).toMatch(/: disqualification_to_review \(refer, ended\)$/);
    expect(possible).toMatch(
      /: disqualification_to_review \(refer, possible link by name and birth month\)$/,
    );

    const kyb = async (line: string) => {
      const facts = await loadCompanyFacts(orm.em.fork(), line.slice(0, 8), asOf);
      return disqualificationRule.apply({ ...facts!, asOfDay: day } as KybFacts).reasons;
    };
    const failing = await kyb(serving!);
    expect(failing.map((reason) => [reason.code, reason.outcome])).toEqual([
      ['disqualified_director', 'fail'],
    ]);
    expect(failing[0]!.evidence).toMatchObject({
      directors: [
        { basis: 'officer_id', disqualifications: [{ status: 'current', reason: { section: '7' } }] },
      ],
    });
    expect((await kyb(ended!))[0]!.evidence).toMatchObject({ directors: [{ why: ['ended'] }] });
    expect((await kyb(possible!))[0]!.evidence).toMatchObject({
      directors: [{ basis: 'name_and_birth', why: ['possible_link'] }],
    });

    // The whole check, as run_kyb_check runs it on the demo data: the fail decides it.
    const { account } = await createAccount(
      orm.em.fork(),
      { email: 'demo-kyb@example.com', plan: 'starter' },
      asOf,
    );
    const result = await runKybCheck(
      orm.em.fork(),
      defaultKybSources,
      {
        clientReference: 'demo',
        statedCompanyName: serving!.slice(9, serving!.indexOf(':')),
        companyNumber: serving!.slice(0, 8),
      },
      { accountId: account.id, now: asOf, idempotencyKey: null },
    );
    expect(result).toMatchObject({ outcome: 'fail' });
    expect(result.reasons.map((reason) => reason.code)).toContain('disqualified_director');

    const health = (await loadHealthFacts(orm.em.fork(), [serving!.slice(0, 8)], day)).get(
      serving!.slice(0, 8),
    );
    const rule = HEALTH_RULES.find((candidate) => candidate.code === 'disqualified_director')!;
    expect(rule.evaluate(health!.facts, day)).toMatchObject({ status: 'fired', points: 30 });
  },
  DEMO_SEEDING_TIMEOUT_MS,
);
