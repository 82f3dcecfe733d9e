import type { Orm } from '../../src/db/orm';
import { seedDemoRegisterIfEmpty } from '../../src/demo/demo-data';
import { loadCompanyFacts, type KybFacts } from '../../src/domain/kyb/kyb-facts';
import { identityVerificationRule } from '../../src/domain/kyb/rules/identity-verification-rule';
import type { Logger } from '../../src/logger';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The demo register carries directors' identity verification as Companies House publishes it, and names in the
 * start-up log the companies whose director is overdue; the KYB check reaches identity_verification_overdue on
 * each of them from the store the seeding wrote.
 */

const asOf = new Date('2026-11-29T06:00:00Z');
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

it('names the demo companies with a director overdue for identity verification, each referred by KYB', async () => {
  const info = jest.fn();
  await seedDemoRegisterIfEmpty(orm, { info, warn: jest.fn() } as unknown as Logger, {
    companies: 200,
    asOf,
  });
  const logged = (info.mock.calls[0]![0] as { identity_verification_overdue: string[] })
    .identity_verification_overdue;
  expect(logged.length).toBeGreaterThan(0);
  for (const line of logged) {
    expect(line).toMatch(/^\S{8} .+: director .+, identity verification statement due \d{4}-\d{2}-\d{2}$/);
    const companyNumber = line.slice(0, 8);
    const facts = await loadCompanyFacts(orm.em.fork(), companyNumber, asOf);
    const { reasons } = identityVerificationRule.apply({ ...facts!, asOfDay: '2026-11-29' } as KybFacts);
    expect(reasons.map((reason) => reason.code)).toEqual(['identity_verification_overdue']);
  }
  // Verified directors too, with the dates Companies House gives them.
  const [verified] = await orm.em
    .fork()
    .getConnection()
    .execute<{ identity_verification: string }[]>(
      "select identity_verification from officer_appointments where identity_verification like '%identity_verified_on%'",
    );
  expect(JSON.parse(verified!.identity_verification)).toMatchObject({
    identity_verified_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  });
});
