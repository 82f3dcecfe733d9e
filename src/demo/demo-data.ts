import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../db/entities/company';
import type { Orm } from '../db/orm';
import type { Logger } from '../logger';
import { writeDemoCompanyDetails, type DemoDetailsCompany } from './details/demo-company-details';
import { importDemoPostcodeLookup } from './demo-postcodes';
import { writeDemoRegisterCsv } from './demo-register';
import { drainHealthScores } from '../domain/health/store/refresh-health-scores';
import { seedDemoSanctionsListsIfEmpty } from './lists/seed-demo-lists';
import {
  importCompaniesCsv,
  type ImportCompaniesOptions,
  type ImportCompaniesResult,
} from '../ingest/companies-house/import-companies';
import {
  importCompanyDetailsDir,
  type CompanyDetailsImportResult,
} from '../ingest/companies-house/resources/import-company-details';
import type { ImportPostcodesResult } from '../ingest/ons/import-postcodes';
import { seedDemoDisqualifiedOfficers } from './demo-disqualified-officers';
import { demoOwnership } from './demo-ownership';
import { demoRegisteredOfficeRisk } from './demo-registered-office';
import { demoVerificationOverdue } from './demo-verification-overdue';

/*
 * Demo data goes the way real data goes: the generator writes the bulk company CSV, and the importer reads it;
 * then the details generator writes each company's officers, filings, charges, insolvency cases, the PSC snapshot
 * and filed accounts in Companies House's formats, and the details importers read those. Nothing about the demo
 * register is special-cased in the store.
 */

export interface DemoDataOptions {
  companies: number;
  seed?: number;
  /** The day the generated dates are laid out around. Default: now. */
  asOf?: Date;
  /** Also generate and import company details (officers, PSCs, filings, charges, insolvency, accounts). */
  details?: boolean;
  /**
   * Told of each step after the register's import (which reports through importOptions.onProgress): at millions
   * of companies the postcode lookup and the health scores take minutes, and a silent command looks stuck.
   */
  onStep?: (line: string) => void;
}

export type DemoDataResult = ImportCompaniesResult & {
  details: CompanyDetailsImportResult | null;
  /** The demo's postcode lookup (every registered office postcode of the register), so place filters work. */
  postcodes: ImportPostcodesResult;
  /** Companies whose health score was stored, as of the demo's day (the demo is ready to list by grade). */
  health_scores_rescored: number;
  /** The demo's disqualified directors in words (with details only), for the start-up log. */
  disqualified_directors: string[];
};

export async function importDemoRegister(
  em: EntityManager,
  options: DemoDataOptions,
  importOptions: Omit<ImportCompaniesOptions, 'asOf'> = {},
): Promise<DemoDataResult> {
  const asOf = options.asOf ?? new Date();
  const dir = await mkdtemp(join(tmpdir(), 'cds-demo-'));
  const file = join(dir, `demo-register-${options.companies}-${options.seed ?? 1}.csv`);
  try {
    await writeDemoRegisterCsv(createWriteStream(file), {
      companies: options.companies,
      seed: options.seed,
      asOf,
    });
    const register = await importCompaniesCsv(em, file, { ...importOptions, asOf });
    options.onStep?.("postcode lookup: writing and importing one for the register's postcodes");
    const postcodes = await importDemoPostcodeLookup(em, dir, file);
    options.onStep?.(`postcode lookup: ${postcodes.rows.toLocaleString('en-GB')} postcodes`);
    if (!options.details)
      return {
        ...register,
        details: null,
        postcodes,
        disqualified_directors: [],
        ...(await scoreDemo(em, asOf, options.onStep)),
      };
    const detailsDir = join(dir, 'details');
    await writeDemoCompanyDetails(detailsDir, await demoDetailsCompanies(em), { seed: options.seed, asOf });
    const details = await importCompanyDetailsDir(em, detailsDir, { source: 'import', detectedAt: asOf });
    // Before the scores: the health rules read the disqualifications too.
    const disqualified = await seedDemoDisqualifiedOfficers(em, dir, asOf);
    return {
      ...register,
      details,
      postcodes,
      disqualified_directors: disqualified,
      ...(await scoreDemo(em, asOf, options.onStep)),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function scoreDemo(
  em: EntityManager,
  asOf: Date,
  onStep: DemoDataOptions['onStep'],
): Promise<{ health_scores_rescored: number }> {
  const started = Date.now();
  const onProgress = (soFar: { rescored: number }) => {
    const perSecond = Math.round((soFar.rescored * 1000) / Math.max(1, Date.now() - started));
    onStep?.(
      `health scores: ${soFar.rescored.toLocaleString('en-GB')} companies scored, ` +
        `${perSecond.toLocaleString('en-GB')} a second`,
    );
  };
  return { health_scores_rescored: (await drainHealthScores(em, asOf, { onProgress })).rescored };
}

/** What the details generator needs to know of each company on the register, in company number order. */
async function demoDetailsCompanies(em: EntityManager): Promise<DemoDetailsCompany[]> {
  const rows = await em.fork().find(CompanyEntity, {}, { orderBy: { companyNumber: 'asc' } });
  return rows.map((row) => ({
    company_number: row.companyNumber,
    company_name: row.companyName,
    company_status: row.companyStatus,
    type: row.type,
    date_of_creation: row.dateOfCreation,
    date_of_cessation: row.dateOfCessation,
    last_accounts_made_up_to: row.lastAccountsMadeUpTo,
    sic_codes: JSON.parse(row.sicCodes) as string[],
    charge_counts: {
      total: row.chargesTotal,
      outstanding: row.chargesOutstanding,
      part_satisfied: row.chargesPartSatisfied,
      satisfied: row.chargesSatisfied,
    },
  }));
}

export const DEMO_SEED_COMPANIES = 200;

/**
 * A fresh install has an empty register, and an API that finds nothing teaches nobody anything: give it a small
 * demo register, once. Never touches a register that holds any company.
 */
export async function seedDemoRegisterIfEmpty(
  orm: Orm,
  logger: Logger,
  options: Partial<DemoDataOptions> = {},
): Promise<number> {
  const em = orm.em.fork();
  const any = await em.getConnection().execute<unknown[]>('select 1 from companies limit 1');
  if (any.length > 0) return 0;
  const companies = options.companies ?? DEMO_SEED_COMPANIES;
  const result = await importDemoRegister(em, { details: true, ...options, companies });
  const seeded = result.inserted + result.updated;
  // Screening needs lists: the demo UK, UN, EU and OFAC ones, with designations named like some of these
  // companies' people.
  const sanctions = await seedDemoSanctionsListsIfEmpty(em, { seed: options.seed, asOf: options.asOf });
  logger.info(
    {
      companies: seeded,
      seed: options.seed ?? 1,
      details: result.details?.imported ?? 0,
      sanctions_designations: sanctions.imported,
      // Where screen_sanctions finds something on the demo data (docs/sanctions.md, "The demo list" and "The demo
      // OFAC, EU and UN lists").
      sanctions_namesakes: [
        ...sanctions.ukCollisions.map((collision) => collision.note),
        ...[sanctions.namesakes.ofacOnly, sanctions.namesakes.onEveryList].flatMap((n) =>
          n ? [n.note] : [],
        ),
      ],
      // Where run_kyb_check gives identity_verification_overdue (docs/identity-verification.md).
      identity_verification_overdue: await demoVerificationOverdue(
        em,
        (options.asOf ?? new Date()).toISOString().slice(0, 10),
      ),
      // Where run_kyb_check gives disqualified_director and disqualification_to_review (docs/kyb.md).
      disqualified_directors: result.disqualified_directors,
      // Where run_kyb_check gives registered_office_po_box and registered_office_shared (docs/kyb.md).
      ...(await demoRegisteredOfficeRisk(em)),
      // Where get_persons_with_significant_control and run_kyb_check trace owners through two companies, and
      // where a listed company passes control as exempt (docs/ownership.md).
      ...(await demoOwnership(em, (options.asOf ?? new Date()).toISOString().slice(0, 10))),
    },
    `seeded the demo register with ${seeded} companies and their details`,
  );
  // The generator and the importers read the same formats: a problem here is a bug in one of them, so say so.
  const problems = [...(result.details?.problems ?? []), ...(result.details?.pscSnapshot?.problems ?? [])];
  if (problems.length > 0) logger.warn({ problems }, 'some demo company details were refused');
  return seeded;
}
