import type { EntityManager } from '@mikro-orm/core';
import type { CompanyResource } from '../../db/entities/company-resource-import';
import {
  disqualificationLinks,
  type DisqualificationLink,
} from '../disqualifications/disqualification-links';
import { parseChangeValue } from '../changes/register-change-log';
import { addDays } from '../companies/register-dates';
import { describeFiling } from '../filings/filing-descriptions';
import { accountsYearView } from '../financials/read-accounts';
import {
  accountsYearsOnDay,
  chargesOnDay,
  filingsOnDay,
  insolvencyCasesOnDay,
  officersOnDay,
  profileOnDay,
  pscsOnDay,
  type LaterChange,
} from './facts-as-of';
import type { FilingFact, HealthFacts } from './health-facts';
import { feedStartDayOf, readStoredFactsRows, type StoredFactsRows } from './store/stored-facts-rows';

/*
 * The one place health facts are built from the store, for get_health_score, KYB and the register-wide refresh
 * alike, so a stored summary is built from the same facts as a company's full score. Each batch of companies is
 * read as plain rows in one statement per table (store/stored-facts-rows.ts), never one per company, then rolled
 * back to the day by the facts-as-of functions.
 */

/** Companies per batch: every company number of a batch is a bound value of each statement. */
const BATCH = 500;

export interface LoadedFacts {
  facts: HealthFacts;
  /** False when the day lies before the first register import: the feed cannot roll the register back to it. */
  feedReachesDay: boolean;
}

/** Facts on `asOf` (YYYY-MM-DD) of each company found, in company number order; numbers not on the register are absent. */
export async function loadHealthFacts(
  em: EntityManager,
  companyNumbers: readonly string[],
  asOf: string,
): Promise<Map<string, LoadedFacts>> {
  const loaded = new Map<string, LoadedFacts>();
  const unique = [...new Set(companyNumbers)].sort();
  if (unique.length === 0) return loaded;
  const feedStart = await feedStartDayOf(em);
  // Changes detected on the day itself were known on it.
  const changesFrom = new Date(`${addDays(asOf, 1)}T00:00:00.000Z`);
  for (let start = 0; start < unique.length; start += BATCH) {
    const rows = await readStoredFactsRows(em, unique.slice(start, start + BATCH), changesFrom);
    // Two statements for the whole batch (by officer id, by surname), never one per company.
    const links = await disqualificationLinks(em, rows.officers, asOf);
    for (const found of factsOfRows(rows, asOf, feedStart, links))
      loaded.set(found.facts.companyNumber, found);
  }
  return loaded;
}

function groupBy<T extends { companyNumber: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.companyNumber);
    if (group) group.push(row);
    else groups.set(row.companyNumber, [row]);
  }
  return groups;
}

/** description_values.made_up_date: values that are not an object have none. */
function madeUpDateOf(values: Record<string, unknown> | null): string | null {
  const made = typeof values === 'object' && values !== null ? values.made_up_date : undefined;
  return typeof made === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(made) ? made : null;
}

/** The facts on `asOf` of each company of a batch's rows; `feedStart` is the day the change feed began. */
function factsOfRows(
  rows: StoredFactsRows,
  asOf: string,
  feedStart: string | null,
  links: ReadonlyMap<string, DisqualificationLink[]>,
): LoadedFacts[] {
  const feedReachesDay = feedStart === null || feedStart <= asOf;
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
    const day = profileOnDay(company, laterChanges, filingHistory, asOf);
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
        (officersOf.get(number) ?? []).map((row) => ({
          appointmentId: row.appointmentId,
          name: row.name,
          role: row.role,
          appointedOn: row.appointedOn,
          resignedOn: row.resignedOn,
        })),
        asOf,
      ),
      disqualifications: Object.fromEntries(
        (officersOf.get(number) ?? []).flatMap((row) => {
          const linked = links.get(row.officerId);
          return linked ? [[row.appointmentId, linked]] : [];
        }),
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
