import type { EntityManager } from '@mikro-orm/core';
import type { Company } from '../../../db/entities/company';
import type { CompanyResource } from '../../../db/entities/company-resource-import';
import { parseChangeValue } from '../../changes/register-change-log';
import { addDays } from '../../companies/register-dates';
import { describeFiling } from '../../filings/filing-descriptions';
import { accountsYearView } from '../../financials/read-accounts';
import { evaluateHealth } from '../evaluate-health';
import {
  accountsYearsOnDay,
  chargesOnDay,
  filingsOnDay,
  insolvencyCasesOnDay,
  officersOnDay,
  pscsOnDay,
  profileOnDay,
  type LaterChange,
} from '../facts-as-of';
import type { FilingFact, HealthFacts } from '../health-facts';
import type { LoadedFacts } from '../load-health-facts';
import { summaryOf, type HealthScoreSummary } from '../score-company';
import { feedStartDayOf, readStoredFactsRows, type CompanyFactsRow } from './stored-facts-rows';

/*
 * The refresh's scorer: the same facts as loadHealthFacts (load-health-facts.ts) and the same evaluation, read in
 * one plain-row statement per table for the whole batch. A test scores a generated register both ways and
 * compares the stored rows (test/integration/health-batch-refresh.test.ts); a change to how loadHealthFacts
 * builds facts must be made here too, or that test fails.
 */

function groupBy<T extends { companyNumber: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.companyNumber);
    if (group) group.push(row);
    else groups.set(row.companyNumber, [row]);
  }
  return groups;
}

/** description_values.made_up_date as loadHealthFacts reads it: values that are not an object have none. */
function madeUpDateOf(values: Record<string, unknown> | null): string | null {
  const made = typeof values === 'object' && values !== null ? values.made_up_date : undefined;
  return typeof made === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(made) ? made : null;
}

/** profileOnDay reads only these columns of the company; the rest of the entity is never looked at. */
const asCompany = (row: CompanyFactsRow): Company => row as Company;

/** Summaries on `asOf` of the companies found among `companyNumbers` (a HealthScorer). */
export async function scoreStoredCompanies(
  em: EntityManager,
  companyNumbers: readonly string[],
  asOf: string,
): Promise<HealthScoreSummary[]> {
  return (await readStoredFacts(em, companyNumbers, asOf)).map(({ facts, feedReachesDay }) =>
    summaryOf(evaluateHealth(facts, asOf, { feedReachesDay })),
  );
}

/**
 * The facts on `asOf` of the companies found among `companyNumbers`, in company number order, in one statement
 * per table (the caller keeps the list to a batch: every number is a bound value).
 */
export async function readStoredFacts(
  em: EntityManager,
  companyNumbers: readonly string[],
  asOf: string,
): Promise<LoadedFacts[]> {
  const numbers = [...new Set(companyNumbers)].sort();
  if (numbers.length === 0) return [];
  const feedStart = await feedStartDayOf(em);
  const feedReachesDay = feedStart === null || feedStart <= asOf;
  // Changes detected on the day itself were known on it.
  const rows = await readStoredFactsRows(em, numbers, new Date(`${addDays(asOf, 1)}T00:00:00.000Z`));
  const filingsOf = groupBy(rows.filings);
  const officersOf = groupBy(rows.officers);
  const pscsOf = groupBy(rows.pscs);
  const chargesOf = groupBy(rows.charges);
  const casesOf = groupBy(rows.insolvencyCases);
  const yearsOf = groupBy(rows.accountsYears);
  const importsOf = groupBy(rows.imports);
  const changesOf = groupBy(rows.laterChanges);

  return rows.companies.map((company) => {
    const number = company.companyNumber;
    const imported = new Set((importsOf.get(number) ?? []).map((row) => row.resource as CompanyResource));
    const allFilings: FilingFact[] = (filingsOf.get(number) ?? []).map((row) => {
      const values = JSON.parse(row.descriptionValues) as Record<string, unknown>;
      return {
        transactionId: row.transactionId,
        category: row.category,
        type: row.type,
        date: row.date,
        descriptionCode: row.descriptionCode,
        description: describeFiling(row.descriptionCode, values),
        madeUpDate: madeUpDateOf(values),
      };
    });
    const laterChanges: LaterChange[] = (changesOf.get(number) ?? []).map((row) => ({
      field: row.field,
      oldValue: parseChangeValue(row.oldValue),
    }));
    const filingHistory = imported.has('filing_history') ? allFilings : null;
    const day = profileOnDay(asCompany(company), laterChanges, filingHistory, asOf);
    const notes = [...day.notes];
    if (!feedReachesDay)
      notes.push(
        `the register change feed begins at the first register import (${feedStart}): register fields on the ` +
          'day are the values first imported, except where the filing history or a cessation date says otherwise',
      );
    const yearsHeld = (yearsOf.get(number) ?? []).map(accountsYearView);
    const yearsKnown = accountsYearsOnDay(
      yearsHeld,
      filingHistory,
      day.profile.lastAccountsMadeUpTo,
      day.accountsRolledBack,
      asOf,
    );
    if (yearsKnown.length < yearsHeld.length)
      notes.push(
        `${yearsHeld.length - yearsKnown.length} accounts year(s) held today were filed after the day and are left out`,
      );
    const facts: HealthFacts = {
      companyNumber: number,
      companyName: company.companyName,
      profile: day.profile,
      imported,
      filings: filingsOnDay(allFilings, asOf),
      officers: officersOnDay(
        (officersOf.get(number) ?? []).map(({ companyNumber: _, ...officer }) => officer),
        asOf,
      ),
      pscs: pscsOnDay(
        (pscsOf.get(number) ?? []).map(({ companyNumber: _, ...psc }) => psc),
        asOf,
      ),
      charges: chargesOnDay(
        (chargesOf.get(number) ?? []).map(({ companyNumber: _, ...charge }) => charge),
        asOf,
      ),
      insolvencyCases: insolvencyCasesOnDay(
        (casesOf.get(number) ?? []).map((row) => ({
          caseNumber: Number(row.caseNumber),
          type: row.type,
          dates: JSON.parse(row.dates) as { type: string; date: string }[],
        })),
        asOf,
      ),
      accountsYears: yearsKnown,
      reconstruction: notes,
    };
    return { facts, feedReachesDay };
  });
}
