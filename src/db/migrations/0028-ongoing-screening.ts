import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * Ongoing screening (issue 38, docs/sanctions.md "Ongoing screening").
 * - screening_matches: one potential match found by a re-screen after a list version, per account, company,
 *   list, designation and screened subject (subject_key: SHA-256 of role, kind and name, since a subject's
 *   position in a screen is not stable). The unique key is the guard that makes a re-run of a version, a retried
 *   batch or a crash mid-batch add nothing. (account_id, status, id) serves the account's paged listing;
 *   (sanctions_list, unique_id, status) the delisting of a removed designation.
 * - ongoing_screening_runs: one per list version re-screened, with the matcher version it used: the next version
 *   of the same list re-screens only what changed while the matcher is the same, everything when it is not.
 *   `cursor` (the last company number done) moves in the same transaction as a batch's matches: a batch retried
 *   after a crash starts from it, so nothing is lost or repeated.
 * - lists.sanctions_alerts: the list's opt-in to the sanctions.potential_match event (off: receivers built on the
 *   spec's two event types see nothing new).
 */
export class Migration0028OngoingScreening extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex()
        .schema.alterTable('lists', (t) => {
          t.boolean('sanctions_alerts').notNullable().defaultTo(false);
        })
        .createTable('screening_matches', (t) => {
          t.increments('id').primary();
          t.string('account_id', 40).notNullable().references('accounts.id').onDelete('CASCADE');
          t.string('company_number', 16).notNullable();
          t.text('company_name').notNullable();
          t.string('sanctions_list', 8).notNullable();
          t.string('unique_id', 64).notNullable();
          t.string('subject_key', 64).notNullable();
          t.string('subject_role', 16).notNullable();
          t.string('subject_kind', 8).notNullable();
          t.text('subject_name').notNullable();
          t.integer('version_id').notNullable();
          t.double('score').notNullable();
          t.double('threshold').notNullable();
          t.text('designation').notNullable();
          t.text('explanation').notNullable();
          t.string('status', 16).notNullable();
          t.string('decided_by', 40).nullable();
          t.timestamp('decided_at', { useTz: true, precision: 3 }).nullable();
          t.text('decision_note').nullable();
          t.integer('delisted_in_version').nullable();
          t.string('event_id', 80).nullable();
          t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
          t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
          t.unique(['account_id', 'company_number', 'sanctions_list', 'unique_id', 'subject_key'], {
            indexName: 'screening_matches_once',
          });
          t.index(['account_id', 'status', 'id'], 'screening_matches_by_account');
          t.index(['sanctions_list', 'unique_id', 'status'], 'screening_matches_by_designation');
        })
        .createTable('ongoing_screening_runs', (t) => {
          t.integer('version_id').primary();
          t.string('sanctions_list', 8).notNullable();
          t.string('matching_version', 40).notNullable();
          t.boolean('full_rescreen').notNullable();
          t.integer('designations').notNullable();
          t.integer('companies_total').notNullable();
          t.integer('companies_done').notNullable();
          t.integer('matches_found').notNullable();
          t.string('cursor', 16).nullable();
          t.timestamp('started_at', { useTz: true, precision: 3 }).notNullable();
          t.timestamp('completed_at', { useTz: true, precision: 3 }).nullable();
          t.index(['sanctions_list', 'completed_at'], 'ongoing_screening_runs_by_list');
        }),
    );
  }
}
