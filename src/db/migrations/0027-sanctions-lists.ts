import { Migration } from '@mikro-orm/migrations';
import { isPostgres, runSchema } from './schema-builder';

/*
 * Several official sanctions lists (issue 38): every sanctions table names its list (list_id: uk, ofac, eu, un;
 * what was held before is the UK list). A designation is keyed by (list_id, unique_id), since two lists' ids can
 * coincide; a version's id stays one sequence for every list, so a change row names its list through its
 * version too. A version's publication date may be absent (OFAC's legacy CSV has none), so report_date becomes
 * the nullable published_on, and rows the layout-neutral records.
 *
 * The two tables whose key or NOT NULL changes are rebuilt and copied (SQLite cannot alter a primary key); the
 * others gain a column. sanctions_name_tokens goes: nothing has written or read it since the prefilter's keys
 * are computed in memory per list version.
 */
export class Migration0027SanctionsLists extends Migration {
  override async up(): Promise<void> {
    const knex = this.getKnex();
    await runSchema(
      this,
      knex.schema
        .createTable('sanctions_list_versions_by_list', (t) => {
          t.increments('id');
          t.string('list_id', 8).notNullable();
          t.string('published_on', 10).nullable();
          t.string('content_sha256', 64).notNullable();
          t.text('source').notNullable();
          t.timestamp('imported_at', { useTz: true, precision: 3 }).notNullable();
          t.integer('records').notNullable();
          t.integer('rejected').notNullable();
          t.integer('warnings').notNullable();
          t.text('problems').notNullable();
          t.integer('designations').notNullable();
          t.integer('names').notNullable();
          t.integer('added').notNullable();
          t.integer('amended').notNullable();
          t.integer('removed').notNullable();
          t.index(['list_id', 'id'], 'sanctions_versions_by_list_id');
        })
        .createTable('sanctions_designations_by_list', (t) => {
          t.string('list_id', 8).notNullable();
          t.string('unique_id', 40).notNullable();
          t.string('designation_type', 12).notNullable();
          t.text('primary_name').notNullable();
          t.text('regimes').notNullable();
          t.string('date_designated', 10).nullable();
          t.string('last_updated', 10).nullable();
          t.text('birth_dates').notNullable();
          t.text('nationalities').notNullable();
          t.text('countries').notNullable();
          t.text('record').notNullable();
          t.string('content_sha256', 64).notNullable();
          t.integer('first_version').notNullable();
          t.integer('changed_in_version').notNullable();
          t.integer('removed_in_version').nullable();
          t.primary(['list_id', 'unique_id']);
          t.index(['list_id', 'removed_in_version'], 'sanctions_designations_by_list_removal');
        }),
    );
    const versionColumns =
      'content_sha256, source, imported_at, rejected, warnings, problems, designations, names, added, amended, removed';
    await this.execute(
      `insert into sanctions_list_versions_by_list (id, list_id, published_on, records, ${versionColumns}) ` +
        `select id, 'uk', report_date, ${knex.client.wrapIdentifier('rows')}, ${versionColumns} from sanctions_list_versions`,
    );
    const designationColumns =
      'unique_id, designation_type, primary_name, regimes, date_designated, last_updated, birth_dates, ' +
      'nationalities, countries, record, content_sha256, first_version, changed_in_version, removed_in_version';
    await this.execute(
      `insert into sanctions_designations_by_list (list_id, ${designationColumns}) ` +
        `select 'uk', ${designationColumns} from sanctions_designations`,
    );
    await runSchema(this, knex.schema.dropTable('sanctions_list_versions'));
    // knex types renameTable as a promise, not a builder: the statement is the same on both databases
    await this.execute('alter table sanctions_list_versions_by_list rename to sanctions_list_versions');
    await runSchema(this, knex.schema.dropTable('sanctions_designations'));
    await this.execute('alter table sanctions_designations_by_list rename to sanctions_designations');
    await runSchema(
      this,
      knex.schema
        .dropTable('sanctions_name_tokens')
        .alterTable('sanctions_designation_names', (t) => {
          t.string('list_id', 8).notNullable().defaultTo('uk');
          t.dropIndex(['unique_id', 'position'], 'sanctions_names_by_designation');
          t.index(['list_id', 'unique_id', 'position'], 'sanctions_names_by_list_designation');
        })
        .alterTable('sanctions_list_changes', (t) => {
          t.string('list_id', 8).notNullable().defaultTo('uk');
        }),
    );
    // The copied ids were given, not drawn: the sequence would hand out 1 again.
    if (isPostgres(this))
      await this.execute(
        "select setval(pg_get_serial_sequence('sanctions_list_versions', 'id'), " +
          'coalesce((select max(id) from sanctions_list_versions), 0) + 1, false)',
      );
  }
}
