import type { EntityManager } from '@mikro-orm/core';
import { fullTextWords } from '../../../domain/companies/company-name';
import { normaliseCompanyNumber } from '../../../domain/companies/company-number';
import { requireCompanyNumber } from '../../../domain/companies/company-number-argument';
import { COMPANY_COLUMN_INDEX, profileToRow } from '../../../domain/companies/company-record';
import { ServiceError } from '../../../domain/errors';
import { createRegisterWriter } from '../import-companies';
import type { ResourceImportContext } from '../../writers/company-resource-import';
import type { CompanyColumn, CompanyWrite } from '../../writers/register-writer';
import { companyProfileResourceSchema, profileFromResource } from './company-profile-resource';
import { refuseResource } from './resource-file';

/*
 * One company profile from Companies House's REST API (GET /company/{n}) or a company-profile stream event, into
 * the companies table through the register writer, so it is compared and recorded exactly as the bulk import
 * compares and records it (diffCompany). A company the store does not hold is inserted as its own baseline: no
 * change is recorded, so nobody is alerted about a company merely because it was seen for the first time.
 */

export type CompanyProfileImportOutcome =
  | { status: 'inserted'; companyNumber: string }
  | { status: 'updated'; companyNumber: string; changes: number };

/*
 * Columns the profile resource does not carry. The charge counts come from the bulk file or the charges list
 * (the charges importer sets them from the whole list); the profile says only whether there are charges. So a
 * company the store holds keeps its counts, read and written in the writer's transaction, and a new one starts
 * at zero, with has_charges as the profile says, until its charges are imported (that first charges import is a
 * baseline, so the counts it brings announce nothing). The bulk file's URI column has no API counterpart either.
 */
const NOT_IN_PROFILE: readonly CompanyColumn[] = [
  'charges_total',
  'charges_outstanding',
  'charges_part_satisfied',
  'charges_satisfied',
  'uri',
];

function refuse(source: string, field: string, message: string): never {
  throw new ServiceError('invalid_argument', `${source}: ${field}: ${message}`, { source, field });
}

/**
 * Imports one company profile body. `expectedCompanyNumber`, when given, is the number it was fetched for: a
 * body about another company is refused. Bad input is `invalid_argument` naming the field, before anything is
 * written. Must not run inside a transaction: the register writer takes its own connection.
 */
export async function importCompanyProfileJson(
  em: EntityManager,
  expectedCompanyNumber: string | null,
  json: unknown,
  context: ResourceImportContext,
): Promise<CompanyProfileImportOutcome> {
  const expected =
    expectedCompanyNumber === null ? null : requireCompanyNumber(expectedCompanyNumber, 'company_number');
  const source = `company profile${expected === null ? '' : ` of ${expected}`}`;
  let body = json;
  if (typeof json === 'string') {
    try {
      body = JSON.parse(json) as unknown;
    } catch (error) {
      refuse(source, '(document)', `not JSON (${(error as Error).message})`);
    }
  }
  const parsed = companyProfileResourceSchema.safeParse(body);
  if (!parsed.success) throw refuseResource(source, parsed.error);
  const number = normaliseCompanyNumber(parsed.data.company_number);
  if (!number.ok) refuse(source, 'company_number', number.message);
  const companyNumber = number.companyNumber;
  if (expected !== null && companyNumber !== expected)
    refuse(source, 'company_number', `the profile is of ${companyNumber}, not ${expected}`);

  const profile = profileFromResource(parsed.data, companyNumber, context.detectedAt);
  const values = profileToRow(profile, context.detectedAt);
  const normalisedName = values[COMPANY_COLUMN_INDEX.normalisedName] as string;
  const write: CompanyWrite = {
    companyNumber,
    normalisedName,
    fullText: fullTextWords(normalisedName).join(' '),
    values,
    sicCodes: profile.sic_codes,
    keepStored: NOT_IN_PROFILE,
  };
  const writer = createRegisterWriter(em, { bulk: false });
  try {
    const outcome = await writer.writeBatch([write], [], null, {
      source: context.source,
      detectedAt: context.detectedAt,
      baselineNewCompanies: true,
    });
    return outcome.inserted > 0
      ? { status: 'inserted', companyNumber }
      : { status: 'updated', companyNumber, changes: outcome.changes };
  } finally {
    await writer.end();
  }
}
