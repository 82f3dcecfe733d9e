import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * Companies House's company exemptions resource (GET /company/{n}/exemptions): one row per exemption period, keyed
 * by the exemption's key in that resource (psc_exempt_as_trading_on_uk_regulated_market, …) and the day it ran
 * from. No foreign key to companies, like the other detail tables: the register writer replaces company rows.
 */
export class Migration0032CompanyExemptions extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.createTable('company_exemptions', (t) => {
        t.string('company_number', 8).notNullable();
        t.string('exemption_type', 80).notNullable();
        t.string('exempt_from', 10).notNullable();
        t.string('exempt_to', 10).nullable();
        t.primary(['company_number', 'exemption_type', 'exempt_from']);
      }),
    );
  }
}
