import type { EntityManager } from '@mikro-orm/core';
import { OfficerAppointmentEntity, type OfficerAppointment } from '../../db/entities/officer-appointment';
import { appointmentRow } from '../../domain/officers/officer-record';
import { FEMALE_FORENAMES, MALE_FORENAMES, SURNAMES } from '../details/details-vocabulary';
import { resourceImported, type ResourceImportContext } from '../../ingest/writers/company-resource-import';
import { importFilingHistoryJson } from '../../ingest/companies-house/resources/filing-history-json';
import { replaceCompanyOfficers } from '../../ingest/companies-house/resources/officers-json';
import type { Random } from './simulated-edits';

/*
 * The simulator's officer and filing changes on a company whose details were imported: the stored resource is
 * edited and written back through its importer, so get_officers and get_filing_history show the change and the
 * feed records it by the importer's own comparison, as a real import would. A company without imported details
 * has nothing to edit; the simulator then describes the change instead (simulated-edits.ts).
 */

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** An id shaped like Companies House's (27 URL-safe characters), drawn from the run's random source. */
const simulatedId = (random: Random) =>
  Array.from({ length: 27 }, () => ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)]).join('');

const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

function newAppointment(companyNumber: string, role: string, today: string, random: Random) {
  const forename = pick(random, random() < 0.5 ? MALE_FORENAMES : FEMALE_FORENAMES);
  const [appointmentId, officerId] = [simulatedId(random), simulatedId(random)];
  const item = {
    name: `${pick(random, SURNAMES)}, ${titleCase(forename)}`,
    officer_role: role,
    appointed_on: today,
    date_of_birth: {
      year: Number(today.slice(0, 4)) - 25 - Math.floor(random() * 40),
      month: 1 + Math.floor(random() * 12),
    },
    nationality: 'British',
    country_of_residence: 'United Kingdom',
    occupation: 'Director',
    links: {
      self: `/company/${companyNumber}/appointments/${appointmentId}`,
      officer: { appointments: `/officers/${officerId}/appointments` },
    },
  };
  return appointmentRow(companyNumber, item, { companyNumber, appointmentId, officerId });
}

/**
 * One officer resigns (when the company keeps at least one other) or a new one is appointed, dated `today`.
 * False when the company's officers were never imported.
 */
export async function simulateOfficerChange(
  em: EntityManager,
  companyNumber: string,
  today: string,
  context: ResourceImportContext,
  random: Random,
): Promise<boolean> {
  if (!(await resourceImported(em, companyNumber, 'officers'))) return false;
  const rows: OfficerAppointment[] = (
    await em.fork().find(OfficerAppointmentEntity, { companyNumber }, { disableIdentityMap: true })
  ).map((row) => ({ ...row }));
  const active = rows.filter((row) => row.resignedOn === null);
  if (active.length >= 2 && random() < 0.5) pick(random, active).resignedOn = today;
  else {
    const role = rows.some((row) => row.officerRole.startsWith('llp-')) ? 'llp-member' : 'director';
    rows.push(newAppointment(companyNumber, role, today, random));
  }
  await replaceCompanyOfficers(em.fork(), companyNumber, rows, context);
  return true;
}

/** Filings that change nothing else the store holds, in Companies House's own description keys. */
const SIMULATED_FILINGS = [
  {
    category: 'capital',
    type: 'SH01',
    description: 'capital-allotment-shares',
    values: (today: string) => ({ date: today }),
  },
  {
    category: 'resolution',
    type: 'RESOLUTIONS',
    description: 'resolution',
    values: () => ({ description: 'Resolutions' }),
  },
] as const;

/** A new filing dated `today` in the company's history. False when its filing history was never imported. */
export async function simulateNewFiling(
  em: EntityManager,
  companyNumber: string,
  today: string,
  context: ResourceImportContext,
  random: Random,
): Promise<boolean> {
  if (!(await resourceImported(em, companyNumber, 'filing_history'))) return false;
  const filing = pick(random, SIMULATED_FILINGS);
  const item = {
    transaction_id: simulatedId(random),
    category: filing.category,
    type: filing.type,
    date: today,
    description: filing.description,
    description_values: filing.values(today),
    paper_filed: false,
  };
  await importFilingHistoryJson(em.fork(), companyNumber, { items: [item] }, context, 'simulated filing');
  return true;
}
