import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from '../db/orm';
import type { Logger } from '../logger';
import { writeDemoRegisterCsv } from './demo-register';
import {
  importCompaniesCsv,
  type ImportCompaniesOptions,
  type ImportCompaniesResult,
} from './import-companies';

/*
 * Demo data goes the way real data goes: the generator writes the bulk company CSV, and the importer reads it.
 * Nothing about the demo register is special-cased in the store.
 */

export interface DemoDataOptions {
  companies: number;
  seed?: number;
  /** The day the generated dates are laid out around. Default: now. */
  asOf?: Date;
}

export async function importDemoRegister(
  em: EntityManager,
  options: DemoDataOptions,
  importOptions: Omit<ImportCompaniesOptions, 'asOf'> = {},
): Promise<ImportCompaniesResult> {
  const asOf = options.asOf ?? new Date();
  const dir = await mkdtemp(join(tmpdir(), 'cds-demo-'));
  const file = join(dir, `demo-register-${options.companies}-${options.seed ?? 1}.csv`);
  try {
    await writeDemoRegisterCsv(createWriteStream(file), {
      companies: options.companies,
      seed: options.seed,
      asOf,
    });
    return await importCompaniesCsv(em, file, { ...importOptions, asOf });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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
  const result = await importDemoRegister(em, { ...options, companies });
  const seeded = result.inserted + result.updated;
  logger.info(
    { companies: seeded, seed: options.seed ?? 1 },
    `seeded the demo register with ${seeded} companies`,
  );
  return seeded;
}
