import { Migration } from '@mikro-orm/migrations';
import { isPostgres, runSchema } from './schema-builder';

/*
 * The company register (see db/entities/company.ts and docs/register.md), the SIC code → description lookup the
 * importer fills, and the import checkpoints. Name search needs three things an index can answer: exact and
 * prefix matches on normalised_name (a B-tree, compared byte-wise), and word matches (SQLite FTS5, PostgreSQL
 * tsvector + GIN). Both full-text indexes are built from normalised_name so LTD finds LIMITED there too.
 */
export class Migration0003CompanyRegister extends Migration {
  override async up(): Promise<void> {
    const schema = this.getKnex().schema;
    await runSchema(
      this,
      schema
        .createTable('companies', (t) => {
          t.string('company_number', 8).primary();
          t.text('company_name').notNullable();
          t.text('normalised_name').notNullable();
          t.string('company_status', 32).notNullable();
          t.string('company_status_detail', 48).nullable();
          t.string('type', 64).notNullable();
          t.string('subtype', 48).nullable();
          t.string('jurisdiction', 32).nullable();
          t.string('date_of_creation', 10).nullable();
          t.string('date_of_cessation', 10).nullable();
          t.text('care_of').nullable();
          t.text('po_box').nullable();
          t.text('address_line_1').nullable();
          t.text('address_line_2').nullable();
          t.text('locality').nullable();
          t.text('region').nullable();
          t.text('country').nullable();
          t.text('postal_code').nullable();
          t.text('locality_key').nullable();
          t.text('postcode_compact').nullable();
          t.string('postcode_outward', 4).nullable();
          t.text('sic_codes').notNullable();
          t.integer('accounting_reference_day').nullable();
          t.integer('accounting_reference_month').nullable();
          t.string('last_accounts_made_up_to', 10).nullable();
          t.string('last_accounts_type', 40).nullable();
          t.string('next_accounts_made_up_to', 10).nullable();
          t.string('next_accounts_due', 10).nullable();
          t.string('confirmation_statement_last_made_up_to', 10).nullable();
          t.string('confirmation_statement_next_made_up_to', 10).nullable();
          t.string('confirmation_statement_next_due', 10).nullable();
          t.string('annual_return_last_made_up_to', 10).nullable();
          t.string('annual_return_next_due', 10).nullable();
          t.text('previous_company_names').notNullable();
          t.boolean('has_charges').notNullable();
          t.integer('charges_total').notNullable();
          t.integer('charges_outstanding').notNullable();
          t.integer('charges_part_satisfied').notNullable();
          t.integer('charges_satisfied').notNullable();
          t.boolean('has_insolvency_history').notNullable();
          t.text('country_of_origin').nullable();
          t.text('uri').nullable();
          t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
          t.index(['normalised_name'], 'companies_normalised_name');
          // Full postcode, sector and outward code searches all start from the outward code.
          t.index(['postcode_outward', 'postcode_compact'], 'companies_postcode');
          t.index(['locality_key'], 'companies_locality');
        })
        .createTable('sic_codes', (t) => {
          t.string('code', 5).primary();
          t.text('description').notNullable();
        })
        .createTable('import_runs', (t) => {
          t.string('id', 40).primary();
          t.string('kind', 32).notNullable();
          t.text('file_path').notNullable();
          t.bigInteger('file_size').notNullable();
          t.bigInteger('file_mtime_ms').notNullable();
          t.string('as_of', 10).notNullable();
          t.string('status', 16).notNullable();
          t.integer('last_line').notNullable();
          t.integer('rows').notNullable();
          t.integer('inserted').notNullable();
          t.integer('updated').notNullable();
          t.integer('rejected').notNullable();
          t.text('rejected_sample').notNullable();
          t.timestamp('started_at', { useTz: true, precision: 3 }).notNullable();
          t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
          t.timestamp('completed_at', { useTz: true, precision: 3 }).nullable();
          t.index(['kind', 'file_path'], 'import_runs_by_file');
        }),
    );

    if (isPostgres(this)) {
      await runSchema(
        this,
        // A fresh builder: the one above still holds the statements it already ran.
        this.getKnex().schema.createTable('company_sic_codes', (t) => {
          t.string('company_number', 8)
            .notNullable()
            .references('companies.company_number')
            .onDelete('CASCADE');
          t.string('sic_code', 5).notNullable();
          t.primary(['company_number', 'sic_code']);
          t.index(['sic_code', 'company_number'], 'company_sic_codes_by_code');
        }),
      );
      // Prefix search is a range on normalised_name; under a linguistic collation a range need not hold exactly
      // the strings with that prefix, under "C" (byte order, as SQLite compares) it does.
      await this.execute('alter table companies alter column normalised_name type text collate "C"');
      // 'simple': no stemming or stop words; company names are names, not prose. Legal forms are left out, as
      // in SQLite's index (the register's full-text words leave them out the same way).
      await this.execute(
        'alter table companies add column name_search tsvector generated always as (' +
          "ts_delete(to_tsvector('simple', normalised_name), array['limited','unlimited','plc','llp','lp','cic'])" +
          ') stored',
      );
      await this.execute('create index companies_name_search on companies using gin (name_search)');
    } else {
      // The same table, clustered on its key (knex cannot say WITHOUT ROWID): one B-tree fewer to write per code.
      await this.execute(
        'create table company_sic_codes (' +
          'company_number varchar(8) not null references companies (company_number) on delete cascade, ' +
          'sic_code varchar(5) not null, primary key (company_number, sic_code)) without rowid',
      );
      await this.execute(
        'create index company_sic_codes_by_code on company_sic_codes (sic_code, company_number)',
      );
      // Kept in step by the importer (one row per company, rowid derived from the company number, the name's
      // words but legal forms) rather than by triggers: the importer knows which names changed and rewrites only
      // those. detail=none and columnsize=0:
      // searches match words, not phrases, and rank by rules of their own, so neither positions nor lengths
      // need storing.
      await this.execute(
        'create virtual table companies_fts using fts5(' +
          "name, company_number unindexed, tokenize = 'unicode61', detail = none, columnsize = 0)",
      );
    }
  }
}
