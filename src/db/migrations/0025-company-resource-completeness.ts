import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * Whether a company's detail resource was imported whole (a list from the API, a file, a live fetch) or only
 * item by item from a Streaming API event (one appointment, one filing, one charge, one PSC): a resource held
 * only in part is not held, and answering from it would say "these are all the officers" when the store knows
 * only some (docs/company-details.md, "Details not held").
 *
 * Rows written before this column were whole lists, except where the streams were the only source: a company
 * whose last live copy is a stream event and whose details never came whole from a REST fetch. Its item
 * resources are marked partial so the first request fetches them. Insolvency events carry the company's whole
 * insolvency resource, so an insolvency row is whole whatever wrote it.
 */
export class Migration0025CompanyResourceCompleteness extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.alterTable('company_resource_imports', (t) => {
        t.boolean('complete').notNullable().defaultTo(true);
      }),
    );
    await this.execute(
      'update company_resource_imports set complete = false ' +
        "where resource in ('officers', 'persons_with_significant_control', 'filing_history', 'charges') " +
        'and company_number in (select company_number from company_fetches ' +
        "where source = 'companies_house_stream' and complete = false)",
    );
  }
}
