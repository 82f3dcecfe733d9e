import { createWriteStream } from 'node:fs';
import { ChunkedWriter } from './chunked-writer';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import { knexOf } from '../domain/companies/register-sql';
import type { SanctionsListImportResult } from '../domain/sanctions/sanctions-list-import-result';
import { importSanctionsList } from '../ingest/sanctions/import-sanctions-list';
import {
  reportDateLine,
  UK_SANCTIONS_LIST_HEADER_LINE,
  ukSanctionsListRowLine,
  type UkSanctionsListRow,
} from '../ingest/sanctions/uk-sanctions-list-writer';
import type { DemoListDesignation } from './lists/demo-list-designations';
import { ukRowsOf } from './lists/demo-uk-list-rows';
import { isoDay as isoOfDay, KeyedRandom } from './details/keyed-random';
import { REGIMES } from './demo-sanctions-vocabulary';
import { demoSanctionsCollisions, type DemoSanctionsCollision } from './demo-sanctions-collisions';
import { collisionDesignation, commonFields, filler } from './demo-sanctions-designations';

/*
 * A demo UK Sanctions List in the published CSV layout, deterministic from its seed, at any size (a couple of
 * hundred designations for the embedded default, ≈5,000 designations and ≈20,000 names for the benchmark). The
 * list goes the way the real one goes: written as the CSV, then read by the importer. Every designation is
 * invented. `collisions` adds designations named like parties of the demo register, so screening it finds
 * something: see demoSanctionsCollisions for the ones the embedded default seeds.
 */

export interface DemoSanctionsListOptions {
  designations: number;
  seed?: number;
  /** The Report Date and the latest day anything is designated or updated. Default: now. */
  asOf?: Date;
  collisions?: readonly DemoSanctionsCollision[];
  /**
   * Designations of the demo OFAC, EU and UN lists the UK list carries too (the Security Council's, with their UN
   * Reference Number), written after the `designations` invented here and counted in `written.designations`.
   */
  alsoListed?: readonly DemoListDesignation[];
  /** End the stream when done (default true). */
  end?: boolean;
}

export interface DemoSanctionsListWritten {
  designations: number;
  names: number;
  rows: number;
  /** Unique ID of each collision designation, in the order given. */
  collisionIds: string[];
}

export const DEMO_SANCTIONS_MAX_DESIGNATIONS = 100_000;
export const DEMO_SANCTIONS_SEED_DESIGNATIONS = 120;
export async function writeDemoSanctionsList(
  out: Writable,
  options: DemoSanctionsListOptions,
): Promise<DemoSanctionsListWritten> {
  const { designations, seed = 1, end = true } = options;
  const collisions = options.collisions ?? [];
  if (!Number.isInteger(designations) || designations < 0 || designations > DEMO_SANCTIONS_MAX_DESIGNATIONS)
    throw new RangeError(`designations must be a whole number from 0 to ${DEMO_SANCTIONS_MAX_DESIGNATIONS}`);
  if (collisions.length > designations) throw new RangeError('more collisions than designations');
  if (!Number.isInteger(seed)) throw new RangeError('seed must be a whole number');
  const asOfDay = Math.floor((options.asOf ?? new Date()).getTime() / 86_400_000);
  if (Number.isNaN(asOfDay)) throw new RangeError('asOf is not a valid date');

  const numbers = new Map<string, number>();
  const nextId = (prefix: string) => {
    const n = (numbers.get(prefix) ?? 0) + 1;
    numbers.set(prefix, n);
    return `${prefix}${String(n).padStart(4, '0')}`;
  };
  const alsoListed = options.alsoListed ?? [];
  const written: DemoSanctionsListWritten = {
    designations: designations + alsoListed.length,
    names: 0,
    rows: 0,
    collisionIds: [],
  };
  const writeRow = async (row: UkSanctionsListRow) => {
    await writer.write(ukSanctionsListRowLine(row));
    written.rows++;
    written.names += (row['Name 6'] || row['Name 1'] ? 1 : 0) + (row['Name non-latin script'] ? 1 : 0);
  };
  const writer = new ChunkedWriter(out);
  await writer.write(reportDateLine(isoOfDay(asOfDay)) + UK_SANCTIONS_LIST_HEADER_LINE);
  for (let i = 0; i < designations; i++) {
    const random = new KeyedRandom(seed, `designation:${i}`);
    const regime = random.weighted(REGIMES.map((r) => [r, r[3]] as const));
    const common = commonFields(random, regime, asOfDay);
    const uniqueId = nextId(regime[1]);
    const collision = collisions[i];
    const designation =
      collision === undefined
        ? filler(random, uniqueId, common, regime[2])
        : collisionDesignation(random, uniqueId, common, collision);
    if (collision !== undefined) written.collisionIds.push(uniqueId);
    for (const row of designation.rows) await writeRow(row);
  }
  for (const designation of alsoListed)
    for (const row of ukRowsOf(designation, nextId(designation.theme.uk.prefix))) await writeRow(row);
  await writer.close(end);
  return written;
}
/** Writes the demo list to a temporary file and imports it, as an operator's file would be. */
export async function importDemoSanctionsList(
  em: EntityManager,
  options: DemoSanctionsListOptions,
): Promise<SanctionsListImportResult & { collisionIds: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'cds-sanctions-'));
  const file = join(dir, `demo-sanctions-list-${options.designations}-${options.seed ?? 1}.csv`);
  try {
    const written = await writeDemoSanctionsList(createWriteStream(file), options);
    const result = await importSanctionsList(em, 'uk', new Map([[basename(file), await readFile(file)]]), {
      source: `demo list (seed ${options.seed ?? 1}, ${options.designations} designations)`,
      now: options.asOf,
    });
    return { ...result, collisionIds: written.collisionIds };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The embedded default's list: on a store with no list version yet, the demo list with the collisions chosen
 * from the demo register already there. Returns null when a list is already held (never replaces one).
 */
export async function seedDemoSanctionsListIfEmpty(
  em: EntityManager,
  options: { seed?: number; asOf?: Date; alsoListed?: readonly DemoListDesignation[] } = {},
): Promise<
  (SanctionsListImportResult & { collisionIds: string[]; collisions: DemoSanctionsCollision[] }) | null
> {
  if ((await knexOf(em)('sanctions_list_versions').where({ list_id: 'uk' }).first('id')) !== undefined)
    return null;
  const collisions = await demoSanctionsCollisions(em);
  const result = await importDemoSanctionsList(em, {
    designations: DEMO_SANCTIONS_SEED_DESIGNATIONS,
    seed: options.seed,
    asOf: options.asOf,
    collisions,
    alsoListed: options.alsoListed,
  });
  return { ...result, collisions };
}
