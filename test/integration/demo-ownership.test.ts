import type { Orm } from '../../src/db/orm';
import { seedDemoRegisterIfEmpty } from '../../src/demo/demo-data';
import { loadCompanyFacts, type KybFacts } from '../../src/domain/kyb/kyb-facts';
import { controlRule } from '../../src/domain/kyb/rules/control-rule';
import { traceStoredOwnership } from '../../src/domain/ownership/store-ownership';
import type { Logger } from '../../src/logger';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The demo register holds a company owned through two demo companies by a natural person, and a listed plc exempt
 * from the PSC regime (its exemptions.json through the real importer); the start-up log names both, and the KYB
 * control rule passes each from the store the seeding wrote: the first naming its owner, the second as exempt.
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

const control = async (companyNumber: string) => {
  const em = orm.em.fork();
  const facts = await loadCompanyFacts(em, companyNumber, asOf);
  const ownership = await traceStoredOwnership(em, companyNumber, { day });
  return controlRule.apply({ ...facts!, ownership } as KybFacts);
};

it('names a two-level ownership chain and a listed company, each passed by the control check', async () => {
  const info = jest.fn();
  await seedDemoRegisterIfEmpty(orm, { info, warn: jest.fn() } as unknown as Logger, {
    companies: 200,
    asOf,
  });
  const logged = info.mock.calls[0]![0] as {
    ownership_two_level_chain: string[];
    psc_exempt_listed_company: string[];
  };
  expect(logged.ownership_two_level_chain).toHaveLength(1);
  const [chain] = logged.ownership_two_level_chain;
  expect(chain).toMatch(
    /^.+ \((\S{8})\) → .+ \(\S{8}\) → .+ \(\S{8}\) → .+: [\d.]+–[\d.]+ % held indirectly$/,
  );
  const subject = /\((\S{8})\)/.exec(chain!)![1]!;
  const traced = await control(subject);
  expect(traced.reasons).toEqual([]);
  expect(traced.detail).toMatch(/Ultimate owners: .+ \(42\.1875–100 %, over 25 %: yes\)/);

  expect(logged.psc_exempt_listed_company).toEqual([
    expect.stringMatching(/^\S{8} .+ PLC: psc_exempt_as_trading_on_uk_regulated_market$/),
  ]);
  const listed = await control(logged.psc_exempt_listed_company[0]!.slice(0, 8));
  expect(listed.reasons.map((reason) => [reason.code, reason.outcome])).toEqual([
    ['psc_exempt_listed_company', 'pass'],
  ]);
});
