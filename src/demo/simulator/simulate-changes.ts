import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../db/entities/company';
import type { ChangeField } from '../../domain/changes/company-changes';
import { appendChanges } from '../../domain/changes/register-change-log';
import { normaliseCompanyName, fullTextWords } from '../../domain/companies/company-name';
import { isoDay } from '../../domain/companies/company-profile';
import { companyToProfile, profileToRow } from '../../domain/companies/company-record';
import { knexOf } from '../../domain/companies/register-sql';
import { notFound, ServiceError } from '../../domain/errors';
import { alertTypes, type AlertType } from '../../domain/webhooks/events';
import { mulberry32 } from '../seeded-random';
import { createRegisterWriter } from '../../ingest/companies-house/import-companies';
import type { RegisterWriter } from '../../ingest/writers/register-writer';
import { simulateNewFiling, simulateOfficerChange } from './simulated-details';
import { describedChange, editProfile, type Random } from './simulated-edits';

/*
 * The register change simulator (`npm run cli -- simulate-changes`): lets a user of the embedded default, with
 * no live Companies House feed, watch a change travel to an alert and a webhook. A change to a register-held
 * field goes through the same register writer as an import, so it is recorded by the same comparison of new and
 * stored state. An officer change or a new filing on a company whose details were imported edits them through
 * their importer (simulated-details.ts); the rest are appended to the feed as described changes.
 */

/** The overdue types are not simulated: they come from the clock, when a due date passes (the change check). */
export const simulatedTypes = alertTypes.filter(
  (type) => type !== 'accounts_overdue' && type !== 'confirmation_statement_overdue',
);
export type SimulatedType = (typeof simulatedTypes)[number];

/** Kinds held outside the companies table (officers, PSCs, filings, accounts), and their feed field. */
const DESCRIBED_FIELDS: Partial<Record<AlertType, ChangeField>> = {
  officer_change: 'officers',
  psc_change: 'persons_with_significant_control',
  new_filing: 'filing_history',
  financials_available: 'accounts_figures',
};

/**
 * A working day at Companies House, roughly: accounts and confirmation statements dominate, officer changes
 * and other filings follow, status changes (mostly dissolutions) and strike-off notices are a few percent,
 * name and SIC changes rare.
 */
const DAILY_MIX: readonly (readonly [SimulatedType, number])[] = [
  ['accounts_filed', 22],
  ['confirmation_statement_filed', 20],
  ['officer_change', 14],
  ['new_filing', 10],
  ['address_change', 8],
  ['psc_change', 7],
  ['status_change', 5],
  ['gazette_notice', 4],
  ['charge_registered', 3],
  ['charge_satisfied', 3],
  ['name_change', 2],
  ['sic_change', 1],
  ['financials_available', 1],
];

export interface SimulatedChange {
  company_number: string;
  alert_type: SimulatedType;
  /** The feed entries the change produced, as get_changes lists them. */
  changes: { sequence: number; change: string; field: string; alert_type: string | null }[];
}

export interface SimulateOptions {
  now?: Date;
  /** Seed for the values (and, with --random, the types); by default a different run each time. */
  seed?: number;
}

function randomOf(seed: number | undefined): Random {
  return mulberry32(seed ?? Math.floor(Math.random() * 2 ** 32));
}

async function lastSequence(em: EntityManager): Promise<number> {
  const row = (await knexOf(em)('register_changes').max({ last: 'sequence' }).first()) as
    { last: number | string | null } | undefined;
  return Number(row?.last ?? 0);
}

async function changesAfter(
  em: EntityManager,
  companyNumber: string,
  after: number,
): Promise<SimulatedChange['changes']> {
  const rows = (await knexOf(em)('register_changes')
    .select('sequence', 'change', 'field', 'alert_type')
    .where('company_number', companyNumber)
    .andWhere('sequence', '>', after)
    .orderBy('sequence')) as {
    sequence: number | string;
    change: string;
    field: string;
    alert_type: string | null;
  }[];
  return rows.map((row) => ({ ...row, sequence: Number(row.sequence) }));
}

/** What one simulator run shares across its changes: one register writer, tuned once and restored once. */
interface Simulation {
  em: EntityManager;
  writer: RegisterWriter;
  now: Date;
  random: Random;
}

async function withSimulation<T>(
  em: EntityManager,
  now: Date,
  random: Random,
  run: (simulation: Simulation) => Promise<T>,
): Promise<T> {
  const writer = createRegisterWriter(em);
  try {
    return await run({ em, writer, now, random });
  } finally {
    await writer.end();
  }
}

async function applyChange(
  { em, writer, now, random }: Simulation,
  companyNumber: string,
  type: SimulatedType,
): Promise<SimulatedChange> {
  const company = await em.fork().findOne(CompanyEntity, { companyNumber });
  if (!company) throw notFound('Company', { company_number: companyNumber });
  const today = isoDay(now);
  const before = await lastSequence(em);
  const field = DESCRIBED_FIELDS[type];
  if (field) {
    // Officers and filings held for the company are edited through their importer, which records the change;
    // otherwise (and for PSCs and accounts figures) the change is described.
    const context = { source: 'simulator', detectedAt: now } as const;
    const edited =
      (type === 'officer_change' &&
        (await simulateOfficerChange(em, companyNumber, today, context, random))) ||
      (type === 'new_filing' && (await simulateNewFiling(em, companyNumber, today, context, random)));
    if (!edited) {
      const newValue = describedChange(type, today, random);
      await em
        .fork()
        .transactional((tx) =>
          appendChanges(
            tx,
            [{ companyNumber, change: 'updated', field, alertType: type, oldValue: null, newValue }],
            'simulator',
            now,
          ),
        );
    }
  } else {
    const profile = editProfile(companyToProfile(company, now), type, today, random);
    const normalisedName = normaliseCompanyName(profile.company_name);
    await writer.writeBatch(
      [
        {
          companyNumber,
          normalisedName,
          fullText: fullTextWords(normalisedName).join(' '),
          values: profileToRow(profile, now),
          sicCodes: profile.sic_codes,
        },
      ],
      [],
      null,
      { source: 'simulator', detectedAt: now },
    );
  }
  return {
    company_number: companyNumber,
    alert_type: type,
    changes: await changesAfter(em, companyNumber, before),
  };
}

/** One change of one type on one company. */
export async function simulateChange(
  em: EntityManager,
  companyNumber: string,
  type: string,
  options: SimulateOptions = {},
): Promise<SimulatedChange> {
  if (!(simulatedTypes as readonly string[]).includes(type)) {
    throw new ServiceError(
      'invalid_argument',
      `--type must be one of ${simulatedTypes.join(', ')} (overdue alerts come from the clock, not the simulator)`,
    );
  }
  return withSimulation(em, options.now ?? new Date(), randomOf(options.seed), (simulation) =>
    applyChange(simulation, companyNumber, type as SimulatedType),
  );
}

/** What `simulate-changes --random K` did: K distinct changes when the register allows, else fewer and why. */
export interface RandomSimulation {
  requested: number;
  simulated: number;
  /** Why fewer than requested were made; absent when all were. */
  reason?: string;
  changes: SimulatedChange[];
}

/**
 * `count` changes on companies picked at random (active ones; with `monitoredOnly`, companies some account
 * monitors), their kinds drawn from DAILY_MIX. Distinct companies while there are enough; with fewer companies
 * than `count`, each takes several kinds, never the same kind twice, so every change is a distinct (company, kind).
 * A kind that does not fit the company (a charge to satisfy where none is outstanding) or changes nothing (a
 * confirmation statement already filed today) gives way to another kind, so only real changes are counted.
 */
export async function runRandomSimulation(
  em: EntityManager,
  count: number,
  options: SimulateOptions & { monitoredOnly?: boolean } = {},
): Promise<RandomSimulation> {
  const now = options.now ?? new Date();
  const random = randomOf(options.seed);
  const knex = knexOf(em);
  const query = knex('companies').select('company_number').where('company_status', 'active');
  if (options.monitoredOnly) {
    query.where((inner) =>
      inner
        .whereIn('company_number', knex('list_companies').select('company_number'))
        .orWhereIn('company_number', knex('watchlist_entries').select('company_number')),
    );
  }
  const numbers = ((await query.orderByRaw('random()').limit(count)) as { company_number: string }[]).map(
    (row) => row.company_number,
  );
  const changes = await withSimulation(em, now, random, async (simulation) => {
    const made: SimulatedChange[] = [];
    // Kinds each company has left to try; a company with none left drops out of the rounds.
    const untried = new Map(numbers.map((number) => [number, new Set(simulatedTypes)]));
    while (made.length < count && untried.size > 0) {
      for (const [companyNumber, kinds] of untried) {
        if (made.length === count) break;
        const change = await firstChangeThatApplies(simulation, companyNumber, kinds);
        if (change) made.push(change);
        if (kinds.size === 0) untried.delete(companyNumber);
      }
    }
    return made;
  });
  const result: RandomSimulation = { requested: count, simulated: changes.length, changes };
  if (changes.length < count) result.reason = shortfallReason(numbers.length, options.monitoredOnly ?? false);
  return result;
}

/** The changes of `runRandomSimulation`, for callers that only need them. */
export async function simulateRandomChanges(
  em: EntityManager,
  count: number,
  options: SimulateOptions & { monitoredOnly?: boolean } = {},
): Promise<SimulatedChange[]> {
  return (await runRandomSimulation(em, count, options)).changes;
}

/** A kind from DAILY_MIX among `kinds`, by weight. */
function drawKind(random: Random, kinds: ReadonlySet<SimulatedType>): SimulatedType {
  const open = DAILY_MIX.filter(([type]) => kinds.has(type));
  const total = open.reduce((sum, [, weight]) => sum + weight, 0);
  let x = random() * total;
  for (const [type, weight] of open) if ((x -= weight) < 0) return type;
  return open.at(-1)![0];
}

/**
 * Draws kinds from `kinds` for one company until one changes it; each kind drawn is used up, whether it applied,
 * did not fit or changed nothing. Undefined when none is left that changes the company.
 */
async function firstChangeThatApplies(
  simulation: Simulation,
  companyNumber: string,
  kinds: Set<SimulatedType>,
): Promise<SimulatedChange | undefined> {
  while (kinds.size > 0) {
    const type = drawKind(simulation.random, kinds);
    kinds.delete(type);
    try {
      const change = await applyChange(simulation, companyNumber, type);
      if (change.changes.length > 0) return change;
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== 'invalid_argument') throw error;
    }
  }
  return undefined;
}

function shortfallReason(companies: number, monitoredOnly: boolean): string {
  const which = monitoredOnly ? 'monitored active' : 'active';
  if (companies === 0)
    return `no ${which} companies${monitoredOnly ? ' (add companies to a list or the watchlist first)' : ''}`;
  return (
    `only ${companies} ${which} ${companies === 1 ? 'company' : 'companies'} × ${simulatedTypes.length} kinds of ` +
    'change, less the kinds that do not fit a company (a charge to satisfy where none is outstanding, a ' +
    'strike-off notice on a company no longer active) or change nothing'
  );
}
