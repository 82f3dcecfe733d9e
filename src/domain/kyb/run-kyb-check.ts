import type { EntityManager } from '@mikro-orm/core';
import { isoDay } from '../companies/company-profile';
import type { Deadline } from '../deadline';
import { newId } from '../ids';
import { assessCompany, checkPerformed, decide, type KybAssessment } from './kyb-decision';
import { insertKybCheck } from './kyb-check-store';
import { KYB_CHECKS_NOT_PERFORMED } from './kyb-checks-not-performed';
import { loadCompanyFacts } from './kyb-facts';
import { requestHash, type KybCheckRequest } from './kyb-request';
import { KYB_DISCLAIMER, kybCheckResultSchema, type KybCheckResult } from './kyb-result';
import { kybSanctionsScreenSchema, type KybSources } from './kyb-sources';
import { companyNotFound, resolveCompany } from './resolve-company';
import { defaultKybSources } from './kyb-default-sources';
import { ownerSubjects } from '../ownership/owner-subjects';

export interface KybRunContext {
  accountId: string;
  now: Date;
  idempotencyKey: string | null;
  /** The request's time limit, handed to the sanctions screen (the check's one long step). */
  deadline?: Deadline;
  /** More active companies than this at one registered office is a refer; default 50. */
  sharedOfficeThreshold?: number;
}

export const DEFAULT_SHARED_OFFICE_THRESHOLD = 50;

/**
 * Runs a KYB check and stores it on the account. The whole record (the answer and what it used) is one row
 * written by one insert after everything is computed: a failure before it stores nothing, and the insert itself
 * is atomic, so there is never a half record. The reads are not wrapped in a transaction with it: the register
 * search and the health score read through the connection pool, which on SQLite (one connection) would wait on
 * the open transaction for ever, and a transaction would buy no consistency the record does not already state
 * (every input used is named: the register row's snapshot time, the sanctions list version, the health model
 * version), so an auditor can see later what it was decided on.
 */
export async function runKybCheck(
  em: EntityManager,
  sources: KybSources,
  request: KybCheckRequest,
  context: KybRunContext,
): Promise<KybCheckResult> {
  const asOfDay = isoDay(context.now);
  const resolution = await resolveCompany(
    em,
    request.statedCompanyName,
    request.companyNumber,
    sources.similarity,
  );
  const companyNumber = resolution.companyNumber;
  const company = companyNumber === null ? undefined : await loadCompanyFacts(em, companyNumber, context.now);
  const companyCheck =
    companyNumber !== null && company === undefined ? companyNotFound(companyNumber) : resolution.finding;
  let assessment: KybAssessment = {
    reasons: companyCheck.reasons,
    checks: [checkPerformed('company', companyCheck)],
  };
  let inputs: KybCheckResult['inputs'] = {
    as_of: asOfDay,
    company_snapshot_at: null,
    sanctions_list_versions: [],
    health_model_version: null,
  };

  if (companyNumber !== null && company !== undefined) {
    const ownership = await (sources.traceOwnership ?? defaultKybSources.traceOwnership!)(
      em,
      companyNumber,
      asOfDay,
    );
    const sanctions = kybSanctionsScreenSchema.parse(
      await sources.screenSanctions(em, companyNumber, {
        asOf: context.now,
        accountId: context.accountId,
        deadline: context.deadline,
        owners: ownerSubjects(ownership),
      }),
    );
    const health = await sources.scoreHealth(em, companyNumber, asOfDay);
    assessment = assessCompany(
      {
        ...company,
        statedName: request.statedCompanyName,
        asOfDay,
        sanctions,
        health,
        similarity: sources.similarity,
        sharedOfficeThreshold: context.sharedOfficeThreshold ?? DEFAULT_SHARED_OFFICE_THRESHOLD,
        statedAddress: request.statedAddress ?? null,
        ownership,
      },
      companyCheck,
    );
    inputs = {
      as_of: asOfDay,
      company_snapshot_at: company.snapshotAt.toISOString(),
      sanctions_list_versions: sanctions.list_versions.map(({ list, id, published_on }) => ({
        list,
        id,
        published_on,
      })),
      health_model_version: health?.modelVersion ?? null,
    };
  }

  const result = kybCheckResultSchema.parse({
    id: newId('kyb'),
    created_at: context.now.toISOString(),
    client_reference: request.clientReference,
    stated_company_name: request.statedCompanyName,
    company_number: company ? companyNumber : null,
    company_name: company?.profile.company_name ?? null,
    ...decide(assessment.reasons),
    reasons: assessment.reasons,
    checks_performed: assessment.checks,
    checks_not_performed: KYB_CHECKS_NOT_PERFORMED,
    inputs,
    idempotency_key: context.idempotencyKey,
    disclaimer: KYB_DISCLAIMER,
  });
  await insertKybCheck(em, {
    id: result.id,
    accountId: context.accountId,
    clientReference: result.client_reference,
    statedCompanyName: result.stated_company_name,
    companyNumber: result.company_number,
    outcome: result.outcome,
    decidedBy: result.decided_by,
    result: JSON.stringify(result),
    companySnapshotAt: company?.snapshotAt ?? null,
    // "uk:12,ofac:13": every version screened, in the column a single version id used to fill
    sanctionsListVersionId:
      result.inputs.sanctions_list_versions.map(({ list, id }) => `${list}:${id}`).join(',') || null,
    healthModelVersion: result.inputs.health_model_version,
    idempotencyKey: context.idempotencyKey,
    requestHash: requestHash(request),
    createdAt: context.now,
  });
  return result;
}
