import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * The UK Sanctions List (issue 12). Each import whose content differs from the current one is a version; the
 * newest version is the current list. Designations hold their latest record and stay after they leave the list
 * (removed_in_version), so what a past screening saw can still be read; sanctions_list_changes says what each
 * version added, amended and removed. Names are rows of their own, with a normalised key, and
 * sanctions_name_tokens indexes the current list's name token keys: the screening prefilter reads index ranges,
 * not every name. Records and their lists are JSON text, read whole.
 */
export class Migration0011SanctionsList extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex()
        .schema.createTable('sanctions_list_versions', (t) => {
          t.increments('id');
          t.string('report_date', 10).notNullable();
          t.string('content_sha256', 64).notNullable();
          t.text('source').notNullable();
          t.timestamp('imported_at', { useTz: true, precision: 3 }).notNullable();
          t.integer('rows').notNullable();
          t.integer('rejected').notNullable();
          t.integer('warnings').notNullable();
          t.text('problems').notNullable();
          t.integer('designations').notNullable();
          t.integer('names').notNullable();
          t.integer('added').notNullable();
          t.integer('amended').notNullable();
          t.integer('removed').notNullable();
        })
        .createTable('sanctions_designations', (t) => {
          t.string('unique_id', 40).primary();
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
          t.index(['removed_in_version'], 'sanctions_designations_by_removal');
        })
        .createTable('sanctions_designation_names', (t) => {
          t.increments('id');
          t.string('unique_id', 40).notNullable();
          t.integer('position').notNullable();
          t.text('name').notNullable();
          t.text('surname').nullable();
          t.text('given_names').nullable();
          t.string('name_type', 20).notNullable();
          t.text('alias_strength').nullable();
          t.text('title').nullable();
          t.boolean('non_latin').notNullable();
          t.text('script').nullable();
          t.text('language').nullable();
          t.text('name_key').notNullable();
          t.index(['unique_id', 'position'], 'sanctions_names_by_designation');
          t.index(['name_key'], 'sanctions_names_by_key');
        })
        .createTable('sanctions_name_tokens', (t) => {
          t.string('token_key', 8).notNullable();
          t.string('unique_id', 40).notNullable();
          t.primary(['token_key', 'unique_id']);
          t.index(['unique_id'], 'sanctions_name_tokens_by_designation');
        })
        .createTable('sanctions_list_changes', (t) => {
          t.integer('version_id').notNullable();
          t.string('unique_id', 40).notNullable();
          t.string('change', 10).notNullable();
          t.string('designation_type', 12).notNullable();
          t.text('primary_name').notNullable();
          t.text('changed_fields').nullable();
          t.primary(['version_id', 'unique_id']);
        }),
    );
  }
}
