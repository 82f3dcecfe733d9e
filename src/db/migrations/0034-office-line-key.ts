import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * companies.office_line_key: the registered office's first line in the form shared-address counts compare (upper
 * case, spaces and the punctuation people vary removed; the service writes it with each row), and the postcode
 * index extended to (outward code, postcode, office key, status), so that counting the active companies at one
 * office, or finding every office shared by at least N (the screener's registered_office_shared_min), reads that
 * index alone instead of every row at the postcode.
 *
 * The rows already stored get the key from SQL: the characters below removed from upper(address_line_1), the same
 * list as the service's key when this was written (a test compares the two). A bulk import that deferred the
 * postcode index (deferred_indexes) forgets it: the index is built here, in its new form.
 */
const REMOVED = [' ', ',', '.', '-', '–', "'", '’', '/', '&', '(', ')'];

const LINE_KEY_SQL = REMOVED.reduce(
  (sql, character) => `replace(${sql}, '${character.replace(/'/g, "''")}', '')`,
  'upper(address_line_1)',
);

export class Migration0034OfficeLineKey extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.alterTable('companies', (t) => {
        t.text('office_line_key').nullable();
      }),
    );
    await this.execute(`update companies set office_line_key = nullif(${LINE_KEY_SQL}, '')`);
    await this.execute("delete from deferred_indexes where name = 'companies_postcode'");
    await this.execute('drop index if exists companies_postcode');
    await runSchema(
      this,
      this.getKnex().schema.alterTable('companies', (t) => {
        t.index(
          ['postcode_outward', 'postcode_compact', 'office_line_key', 'company_status'],
          'companies_postcode',
        );
      }),
    );
  }
}
