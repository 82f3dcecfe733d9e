import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { normaliseCompanyNumber } from '../../../domain/companies/company-number';
import { ServiceError } from '../../../domain/errors';
import { importChargesJson } from './charges-json';
import type { ResourceImportContext, ResourceImportOutcome } from '../../writers/company-resource-import';
import { importAccountsFile } from './filed-accounts';
import { importFilingHistoryJson } from './filing-history-json';
import { importExemptionsJson } from './exemptions-json';
import { importInsolvencyJson } from './insolvency-json';
import { importOfficersJson } from './officers-json';
import { importPscSnapshot, type PscSnapshotResult } from './psc-snapshot';
import { importPscsJson } from './pscs-json';
import { readResourceFile } from './resource-file';

/*
 * A folder of company details in Companies House's own formats, the way the demo generator writes it and the
 * way an operator lays out what they fetched from the API and the bulk products (docs/company-details.md):
 *
 *   companies/<company number>/officers.json                         GET /company/{n}/officers
 *   companies/<company number>/persons-with-significant-control.json GET /company/{n}/persons-with-significant-control
 *   companies/<company number>/filing-history.json                   GET /company/{n}/filing-history
 *   companies/<company number>/charges.json                          GET /company/{n}/charges
 *   companies/<company number>/insolvency.json                       GET /company/{n}/insolvency
 *   companies/<company number>/exemptions.json                       GET /company/{n}/exemptions
 *   psc-snapshot.txt                                                 the PSC snapshot (JSON lines)
 *   accounts/*.html | *.xhtml                                        filed accounts in inline XBRL
 *
 * Every part is optional. One bad file is reported and skipped: each company's resource is written in its own
 * transaction, so a refusal leaves that resource as it was and the rest of the folder still goes in.
 */

type JsonImporter = (
  em: EntityManager,
  companyNumber: string,
  json: unknown,
  context: ResourceImportContext,
) => Promise<ResourceImportOutcome>;

/** File name in a company's folder → the importer of that API resource. Filing history before charges. */
export const COMPANY_RESOURCE_FILES: ReadonlyArray<readonly [string, JsonImporter]> = [
  ['officers.json', importOfficersJson],
  ['persons-with-significant-control.json', importPscsJson],
  ['filing-history.json', importFilingHistoryJson],
  ['charges.json', importChargesJson],
  ['insolvency.json', importInsolvencyJson],
  ['exemptions.json', importExemptionsJson],
];

export interface CompanyDetailsProblem {
  file: string;
  code: string;
  message: string;
}

export interface CompanyDetailsImportResult {
  /** Resource files written (including baselines). */
  imported: number;
  /** Of those, first imports of the resource for the company: written, no changes recorded. */
  baselines: number;
  /** Changes appended to the register change feed. */
  changes: number;
  /** Files about companies the register does not hold: nothing written. */
  unknownCompanies: number;
  pscSnapshot: PscSnapshotResult | null;
  problems: CompanyDetailsProblem[];
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function problemOf(file: string, error: unknown): CompanyDetailsProblem {
  if (error instanceof ServiceError) return { file, code: error.code, message: error.message };
  throw error;
}

export async function importCompanyDetailsDir(
  em: EntityManager,
  dir: string,
  context: ResourceImportContext,
): Promise<CompanyDetailsImportResult> {
  if (!(await exists(dir)))
    throw new ServiceError('invalid_argument', `${dir}: no such folder`, { argument: 'dir' });
  const result: CompanyDetailsImportResult = {
    imported: 0,
    baselines: 0,
    changes: 0,
    unknownCompanies: 0,
    pscSnapshot: null,
    problems: [],
  };
  const count = (outcome: ResourceImportOutcome) => {
    if (outcome.status === 'unknown_company') return void result.unknownCompanies++;
    result.imported++;
    if (outcome.baseline) result.baselines++;
    result.changes += outcome.changes;
  };

  const companiesDir = join(dir, 'companies');
  const folders = (await exists(companiesDir)) ? (await readdir(companiesDir)).sort() : [];
  for (const folder of folders) {
    const number = normaliseCompanyNumber(folder);
    if (!number.ok) {
      result.problems.push({ file: join(companiesDir, folder), code: number.code, message: number.message });
      continue;
    }
    for (const [name, importer] of COMPANY_RESOURCE_FILES) {
      const file = join(companiesDir, folder, name);
      if (!(await exists(file))) continue;
      try {
        count(await importer(em.fork(), number.companyNumber, await readResourceFile(file), context));
      } catch (error) {
        result.problems.push(problemOf(file, error));
      }
    }
  }

  const snapshot = join(dir, 'psc-snapshot.txt');
  if (await exists(snapshot)) {
    result.pscSnapshot = await importPscSnapshot(em.fork(), snapshot, context);
  }

  const accountsDir = join(dir, 'accounts');
  const documents = (await exists(accountsDir))
    ? (await readdir(accountsDir)).filter((name) => /\.x?html?$/i.test(name)).sort()
    : [];
  for (const name of documents) {
    const file = join(accountsDir, name);
    try {
      count(await importAccountsFile(em.fork(), file, context));
    } catch (error) {
      result.problems.push(problemOf(file, error));
    }
  }
  return result;
}
