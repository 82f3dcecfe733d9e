import type { EntityManager } from '@mikro-orm/core';
import { knexOf } from '../../domain/companies/register-sql';
import type { SanctionsListId } from '../../domain/sanctions/sanctions-lists';
import { importSanctionsList } from '../../ingest/sanctions/import-sanctions-list';
import { seedDemoSanctionsListIfEmpty } from '../demo-sanctions-list';
import { demoSanctionsCollisions, type DemoSanctionsCollision } from '../demo-sanctions-collisions';
import { demoListFiles, type DemoForeignListId } from './demo-list-files';
import { DEMO_LISTS_SEED_SIZES, demoListDesignations, onList } from './demo-list-designations';
import { demoListNamesakes, namesakeDesignations, type DemoListNamesakes } from './demo-list-namesakes';

/*
 * The embedded default's sanctions lists: on a store that holds none of them, the demo UK list (with the UN's
 * designations it carries) and the demo UN, EU and OFAC lists, each written in its published layout and imported
 * through the same importer as an operator's file. A list already held is never replaced; each list is seeded on
 * its own, so a store that holds the UK list only still gets the other three.
 */

export interface DemoListsSeeded {
  /** Designations imported per list; a list already held is left out. */
  imported: Partial<Record<SanctionsListId, number>>;
  /** The UK list's namesakes of demo parties (when it was seeded now), as seedDemoSanctionsListIfEmpty gives them. */
  ukCollisions: DemoSanctionsCollision[];
  /** The demo directors named on the OFAC list only, and on every list (null: the register has none). */
  namesakes: DemoListNamesakes;
}

const FOREIGN_LISTS: readonly DemoForeignListId[] = ['un', 'eu', 'ofac'];

export async function seedDemoSanctionsListsIfEmpty(
  em: EntityManager,
  options: { seed?: number; asOf?: Date } = {},
): Promise<DemoListsSeeded> {
  const asOf = options.asOf ?? new Date();
  const ukCollisions = await demoSanctionsCollisions(em);
  const namesakes = await demoListNamesakes(em, ukCollisions);
  const designations = [
    ...demoListDesignations({ ...DEMO_LISTS_SEED_SIZES, seed: options.seed, asOf }),
    ...namesakeDesignations(namesakes, asOf.toISOString().slice(0, 10)),
  ];
  const uk = await seedDemoSanctionsListIfEmpty(em, {
    seed: options.seed,
    asOf,
    alsoListed: onList(designations, 'uk'),
  });
  const imported: DemoListsSeeded['imported'] = uk === null ? {} : { uk: uk.version.designations };
  for (const list of FOREIGN_LISTS) {
    if (await held(em, list)) continue;
    const result = await importSanctionsList(em, list, demoListFiles(list, designations, asOf), {
      source: `demo list (seed ${options.seed ?? 1})`,
      now: asOf,
    });
    imported[list] = result.version.designations;
  }
  return { imported, ukCollisions: uk?.collisions ?? [], namesakes };
}

async function held(em: EntityManager, list: SanctionsListId): Promise<boolean> {
  return (await knexOf(em)('sanctions_list_versions').where({ list_id: list }).first('id')) !== undefined;
}
