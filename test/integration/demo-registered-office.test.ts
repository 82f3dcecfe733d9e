import type { Orm } from '../../src/db/orm';
import { seedDemoRegisterIfEmpty } from '../../src/demo/demo-data';
import { DEMO_AGENT_OFFICE } from '../../src/demo/demo-register';
import { loadCompanyFacts, type KybFacts } from '../../src/domain/kyb/kyb-facts';
import { registeredOfficeRule } from '../../src/domain/kyb/rules/registered-office-rule';
import { DEFAULT_SHARED_OFFICE_THRESHOLD } from '../../src/domain/kyb/run-kyb-check';
import type { Logger } from '../../src/logger';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The demo register has PO box registered offices and a formation agent's address shared by more active
 * companies than the default threshold; the start-up log names them, and the KYB rule reaches
 * registered_office_po_box and registered_office_shared on each from the store the seeding wrote.
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

const codesOf = async (companyNumber: string) => {
  const facts = await loadCompanyFacts(orm.em.fork(), companyNumber, asOf);
  const { reasons } = registeredOfficeRule.apply({
    ...facts!,
    sharedOfficeThreshold: DEFAULT_SHARED_OFFICE_THRESHOLD,
    statedAddress: null,
  } as KybFacts);
  return reasons.map((reason) => reason.code);
};

it('names the demo PO box offices and the shared agent address, each referred by KYB', async () => {
  const info = jest.fn();
  await seedDemoRegisterIfEmpty(orm, { info, warn: jest.fn() } as unknown as Logger, {
    companies: 200,
    asOf,
  });
  const logged = info.mock.calls[0]![0] as {
    registered_office_po_box: string[];
    registered_office_shared: string[];
  };
  expect(logged.registered_office_po_box.length).toBeGreaterThan(0);
  for (const line of logged.registered_office_po_box) {
    expect(line).toMatch(/^\S{8} .+: PO Box \S+$/);
    expect(await codesOf(line.slice(0, 8))).toContain('registered_office_po_box');
  }
  expect(logged.registered_office_shared).toEqual([
    expect.stringMatching(
      new RegExp(
        `^${DEMO_AGENT_OFFICE.line1}, ${DEMO_AGENT_OFFICE.postcode}: \\d+ active companies \\(more than 50\\), e\\.g\\. \\S{8}$`,
      ),
    ),
  ]);
  const agentCompany = logged.registered_office_shared[0]!.slice(-8);
  expect(await codesOf(agentCompany)).toContain('registered_office_shared');
});
