import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * Company details held beside the register (issue 6): officer appointments, persons with significant control,
 * filing history, charges, insolvency cases and accounts figures by year, each keyed by company_number and the
 * id Companies House gives the item, so a re-import replaces rather than duplicates. Nested parts of a resource
 * (addresses, natures of control, persons entitled, measures with their sources) are JSON text, like the
 * register's SIC codes: they are read whole, never searched.
 * - officer_appointments.officer_id is Companies House's officer id (the one in /officers/{id}/appointments): the
 *   stable person id that tells namesakes apart. surname_key is the indexed way into a search by name.
 * - company_resource_imports records when a resource was first imported for a company: that run is the baseline,
 *   later runs record changes (officer_change, psc_change, new_filing, …) in the feed.
 */
export class Migration0007CompanyDetails extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex()
        .schema.createTable('officer_appointments', (t) => {
          t.string('company_number', 8).notNullable();
          t.string('appointment_id', 80).notNullable();
          t.string('officer_id', 80).notNullable();
          t.text('name').notNullable();
          t.string('surname_key', 100).notNullable();
          t.text('name_key').notNullable();
          t.string('officer_role', 60).notNullable();
          t.string('appointed_on', 10).nullable();
          t.string('resigned_on', 10).nullable();
          t.integer('birth_year').nullable();
          t.integer('birth_month').nullable();
          t.text('nationality').nullable();
          t.text('country_of_residence').nullable();
          t.text('occupation').nullable();
          t.text('address').notNullable();
          t.text('details').notNullable();
          t.primary(['company_number', 'appointment_id']);
          t.index(['officer_id'], 'officer_appointments_by_officer');
          t.index(['surname_key'], 'officer_appointments_by_surname');
        })
        .createTable('persons_with_significant_control', (t) => {
          t.string('company_number', 8).notNullable();
          t.string('psc_id', 120).notNullable();
          t.string('kind', 80).notNullable();
          t.text('name').nullable();
          t.integer('birth_year').nullable();
          t.integer('birth_month').nullable();
          t.text('nationality').nullable();
          t.text('country_of_residence').nullable();
          t.text('address').nullable();
          t.text('identification').nullable();
          t.text('natures_of_control').notNullable();
          t.text('statement').nullable();
          t.string('notified_on', 10).nullable();
          t.string('ceased_on', 10).nullable();
          t.text('details').notNullable();
          t.primary(['company_number', 'psc_id']);
        })
        .createTable('filings', (t) => {
          t.string('company_number', 8).notNullable();
          t.string('transaction_id', 80).notNullable();
          t.string('category', 40).notNullable();
          t.string('subcategory', 60).nullable();
          t.string('type', 20).notNullable();
          t.string('date', 10).notNullable();
          t.string('action_date', 10).nullable();
          t.text('description_code').notNullable();
          t.text('description_values').notNullable();
          t.integer('pages').nullable();
          t.string('barcode', 20).nullable();
          t.boolean('paper_filed').notNullable();
          t.text('details').notNullable();
          t.primary(['company_number', 'transaction_id']);
          t.index(['company_number', 'date'], 'filings_by_date');
        })
        .createTable('charges', (t) => {
          t.string('company_number', 8).notNullable();
          t.string('charge_id', 80).notNullable();
          t.string('charge_code', 40).nullable();
          t.integer('charge_number').nullable();
          t.string('status', 30).notNullable();
          t.text('classification').nullable();
          t.string('created_on', 10).nullable();
          t.string('delivered_on', 10).nullable();
          t.string('satisfied_on', 10).nullable();
          t.text('persons_entitled').notNullable();
          t.text('details').notNullable();
          t.primary(['company_number', 'charge_id']);
        })
        .createTable('insolvency_cases', (t) => {
          t.string('company_number', 8).notNullable();
          t.integer('case_number').notNullable();
          t.string('type', 60).notNullable();
          t.text('dates').notNullable();
          t.text('practitioners').notNullable();
          t.text('details').notNullable();
          t.primary(['company_number', 'case_number']);
        })
        .createTable('accounts_years', (t) => {
          t.string('company_number', 8).notNullable();
          t.string('period_end', 10).notNullable();
          t.string('basis', 10).notNullable();
          t.string('origin', 12).notNullable();
          t.string('period_start', 10).nullable();
          t.boolean('profit_and_loss_filed').notNullable();
          t.text('measures').notNullable();
          t.text('document').notNullable();
          t.string('document_period_end', 10).nullable();
          t.string('accounts_type', 60).nullable();
          t.string('accounting_standard', 60).nullable();
          t.text('problems').notNullable();
          t.primary(['company_number', 'period_end', 'basis']);
        })
        .createTable('company_resource_imports', (t) => {
          t.string('company_number', 8).notNullable();
          t.string('resource', 40).notNullable();
          t.timestamp('first_imported_at', { useTz: true, precision: 3 }).notNullable();
          t.primary(['company_number', 'resource']);
        }),
    );
  }
}
