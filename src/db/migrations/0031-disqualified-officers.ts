import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * Companies House's disqualified officers (issue 39 part 2), as its disqualified-officers resources publish them
 * (/disqualified-officers/natural/{officer_id} and /corporate/{officer_id}, and the disqualified-officers stream):
 * - disqualified_officers: one row per officer id and kind (natural or corporate). Natural persons keep their
 *   name parts, the month and year of birth only (the day is never shown beside an appointment) and the same
 *   surname_key and name_key as officer_appointments, so a possible link by name is an indexed lookup.
 *   Corporate officers keep their registration number and country. permissions_to_act is JSON text read whole.
 * - disqualifications: each order or undertaking of an officer, replaced whole when the officer's resource comes
 *   again (the resource carries all of them; Companies House gives them no id). company_names is JSON text.
 */
export class Migration0031DisqualifiedOfficers extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex()
        .schema.createTable('disqualified_officers', (t) => {
          t.string('officer_id', 64).primary();
          t.string('kind', 16).notNullable();
          t.text('name').notNullable();
          t.text('forename').nullable();
          t.text('other_forenames').nullable();
          t.text('surname').nullable();
          t.text('title').nullable();
          t.string('surname_key', 100).notNullable();
          t.text('name_key').notNullable();
          t.integer('birth_year').nullable();
          t.integer('birth_month').nullable();
          t.text('nationality').nullable();
          t.string('company_number', 32).nullable();
          t.text('country_of_registration').nullable();
          t.text('permissions_to_act').notNullable();
          t.string('etag', 128).nullable();
          t.string('source', 40).notNullable();
          t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
          t.index(['surname_key', 'birth_year', 'birth_month'], 'disqualified_officers_by_name');
        })
        .createTable('disqualifications', (t) => {
          t.string('officer_id', 64)
            .notNullable()
            .references('disqualified_officers.officer_id')
            .onDelete('CASCADE');
          t.integer('position').notNullable();
          t.string('disqualification_type', 64).notNullable();
          t.string('disqualified_from', 10).notNullable();
          t.string('disqualified_until', 10).notNullable();
          t.string('undertaken_on', 10).nullable();
          t.string('heard_on', 10).nullable();
          t.text('case_identifier').nullable();
          t.text('court_name').nullable();
          t.string('act', 120).nullable();
          t.string('section', 32).nullable();
          t.string('article', 32).nullable();
          t.string('description_identifier', 160).nullable();
          t.text('company_names').notNullable();
          t.primary(['officer_id', 'position']);
        }),
    );
  }
}
