import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * Where each Companies House stream consumer stands (db/entities/companies-house-stream-position.ts,
 * docs/companies-house.md): the timepoint of the last event applied to the store, moved right after the event's
 * own write. It is what keeps an event from being applied twice when a consumer resumes from an older timepoint
 * (a heartbeat that lagged, a workflow record from before a crash). An operator's reset to timepoint T sets
 * resume_from = T (the connection asks for exactly T: Companies House only accepts timepoints it gave out) and
 * timepoint = T - 1 (so T itself is applied again); the first applied event clears resume_from.
 */
export class Migration0014CompaniesHouseStreamPositions extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.createTable('companies_house_stream_positions', (t) => {
        t.string('stream', 40).primary();
        t.bigInteger('timepoint').notNullable();
        t.string('published_at', 40).nullable();
        t.bigInteger('resume_from').nullable();
        t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
      }),
    );
  }
}
