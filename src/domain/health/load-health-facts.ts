import type { EntityManager } from '@mikro-orm/core';
import { AccountsYearEntity } from '../../db/entities/accounts-year';
import { ChargeEntity } from '../../db/entities/charge';
import { CompanyEntity } from '../../db/entities/company';
import { CompanyResourceImportEntity } from '../../db/entities/company-resource-import';
import { FilingEntity } from '../../db/entities/filing';
import { ImportRunEntity } from '../../db/entities/import-run';
import { InsolvencyCaseEntity } from '../../db/entities/insolvency-case';
import { OfficerAppointmentEntity } from '../../db/entities/officer-appointment';
import { PersonWithSignificantControlEntity } from '../../db/entities/person-with-significant-control';
import { RegisterChangeEntity } from '../../db/entities/register-change';
import { IMPORT_KIND_COMPANIES } from '../../db/entities/import-run';
import type { CompanyResource } from '../../db/entities/company-resource-import';
import { addDays } from '../companies/register-dates';
import type { ChangeField } from '../changes/company-changes';
import { parseChangeValue } from '../changes/register-change-log';
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

/*
 * Loads the health facts of many companies at once: one query per table per chunk of companies, never one per
 * company, so scoring the whole register is a scan in company number order. Rows are read without the identity
 * map (nothing here is written back).
 */

const CHUNK = 500;

/** The filing categories the rules read; the rest of a long filing history is not loaded. */
const FILING_CATEGORIES = ['accounts', 'confirmation-statement', 'gazette', 'address'];

/** Register fields the roll-back to a past day reads from the change feed. */
const ROLLED_BACK_FIELDS: ChangeField[] = [
  'company_status',
  'last_accounts',
  'confirmation_statement',
  'charges',
  'insolvency',
];

export interface LoadedFacts {
  facts: HealthFacts;
  /** False when the day lies before the first register import: the feed cannot roll the register back to it. */
  feedReachesDay: boolean;
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

function madeUpDateOf(values: string): string | null {
  try {
    const made = (JSON.parse(values) as Record<string, unknown>).made_up_date;
    return typeof made === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(made) ? made : null;
  } catch {
    return null;
  }
}

/** The day the register change feed began: the first register import, the baseline nothing before is known of. */
async function feedStartDay(em: EntityManager): Promise<string | null> {
  const [first] = await em.find(
    ImportRunEntity,
    { kind: IMPORT_KIND_COMPANIES },
    { orderBy: { startedAt: 'asc' }, limit: 1, fields: ['startedAt'], disableIdentityMap: true },
  );
  return first ? first.startedAt.toISOString().slice(0, 10) : null;
}

/** Facts on `asOf` (YYYY-MM-DD) of each company found; numbers not on the register are absent. */
export async function loadHealthFacts(
  em: EntityManager,
  companyNumbers: readonly string[],
  asOf: string,
): Promise<Map<string, LoadedFacts>> {
  const loaded = new Map<string, LoadedFacts>();
  const feedStart = await feedStartDay(em);
  const feedReachesDay = feedStart === null || feedStart <= asOf;
  // Changes detected on the day itself were known on it.
  const afterDay = new Date(`${addDays(asOf, 1)}T00:00:00.000Z`);
  const options = { disableIdentityMap: true } as const;
  const unique = [...new Set(companyNumbers)].sort();

  for (let start = 0; start < unique.length; start += CHUNK) {
    const numbers = unique.slice(start, start + CHUNK);
    const where = { companyNumber: { $in: numbers } };
    const companies = await em.find(CompanyEntity, where, options);
    if (companies.length === 0) continue;
    const [filings, officers, pscs, charges, cases, years, imports, changes] = await Promise.all([
      em.find(
        FilingEntity,
        { ...where, category: { $in: FILING_CATEGORIES } },
        {
          ...options,
          fields: [
            'companyNumber',
            'transactionId',
            'category',
            'type',
            'date',
            'descriptionCode',
            'descriptionValues',
          ],
        },
      ),
      em.find(OfficerAppointmentEntity, where, {
        ...options,
        fields: ['companyNumber', 'appointmentId', 'name', 'officerRole', 'appointedOn', 'resignedOn'],
      }),
      em.find(PersonWithSignificantControlEntity, where, {
        ...options,
        fields: ['companyNumber', 'pscId', 'kind', 'statement', 'notifiedOn', 'ceasedOn'],
      }),
      em.find(ChargeEntity, where, {
        ...options,
        fields: ['companyNumber', 'chargeId', 'chargeCode', 'status', 'createdOn', 'satisfiedOn'],
      }),
      em.find(InsolvencyCaseEntity, where, {
        ...options,
        fields: ['companyNumber', 'caseNumber', 'type', 'dates'],
      }),
      em.find(AccountsYearEntity, where, options),
      em.find(CompanyResourceImportEntity, where, options),
      em.find(
        RegisterChangeEntity,
        { ...where, field: { $in: ROLLED_BACK_FIELDS }, detectedAt: { $gte: afterDay } },
        {
          ...options,
          orderBy: { sequence: 'asc' },
          fields: ['companyNumber', 'field', 'oldValue', 'sequence'],
        },
      ),
    ]);
    const filingsOf = groupBy(filings);
    const officersOf = groupBy(officers);
    const pscsOf = groupBy(pscs);
    const chargesOf = groupBy(charges);
    const casesOf = groupBy(cases);
    const yearsOf = groupBy(years);
    const importsOf = groupBy(imports);
    const changesOf = groupBy(changes);

    for (const company of companies) {
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
          madeUpDate: madeUpDateOf(row.descriptionValues),
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
      loaded.set(number, {
        feedReachesDay,
        facts: {
          companyNumber: number,
          companyName: company.companyName,
          profile: day.profile,
          imported,
          filings: filingsOnDay(allFilings, asOf),
          officers: officersOnDay(
            (officersOf.get(number) ?? []).map((row) => ({
              appointmentId: row.appointmentId,
              name: row.name,
              role: row.officerRole,
              appointedOn: row.appointedOn,
              resignedOn: row.resignedOn,
            })),
            asOf,
          ),
          pscs: pscsOnDay(
            (pscsOf.get(number) ?? []).map((row) => ({
              pscId: row.pscId,
              kind: row.kind,
              statement: row.statement,
              notifiedOn: row.notifiedOn,
              ceasedOn: row.ceasedOn,
            })),
            asOf,
          ),
          charges: chargesOnDay(
            (chargesOf.get(number) ?? []).map((row) => ({
              chargeId: row.chargeId,
              chargeCode: row.chargeCode,
              status: row.status,
              createdOn: row.createdOn,
              satisfiedOn: row.satisfiedOn,
            })),
            asOf,
          ),
          insolvencyCases: insolvencyCasesOnDay(
            (casesOf.get(number) ?? []).map((row) => ({
              caseNumber: row.caseNumber,
              type: row.type,
              dates: JSON.parse(row.dates) as { type: string; date: string }[],
            })),
            asOf,
          ),
          accountsYears: yearsKnown,
          reconstruction: notes,
        },
      });
    }
  }
  return loaded;
}
