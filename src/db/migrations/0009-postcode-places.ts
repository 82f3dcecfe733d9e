import { Migration } from '@mikro-orm/migrations';
import { isPostgres, runSchema } from './schema-builder';

/*
 * Region and local authority of each postcode, from the ONS postcode lookup (issue 11; docs/places.md).
 * - postcode_places: one row per postcode, keyed by the compact form the register stores beside each registered
 *   office (companies.postcode_compact), so a company's place is one primary-key join. region_code is the ITL1
 *   code (TLC…TLN) derived at import, null when the postcode has none; terminated postcodes are kept (companies
 *   keep old addresses), with the month they ended as YYYY-MM.
 * - local_authorities: code → name from the names file that ships with the lookup; name_key is the normalised
 *   name a local_authority argument is matched on.
 */
export class Migration0009PostcodePlaces extends Migration {
  override async up(): Promise<void> {
    if (isPostgres(this)) {
      await runSchema(
        this,
        this.getKnex().schema.createTable('postcode_places', (t) => {
          t.string('postcode_compact', 7).primary();
          t.string('postcode', 8).notNullable();
          t.string('country_code', 9).nullable();
          t.string('region_code', 3).nullable();
          t.string('local_authority_code', 9).nullable();
          t.text('local_authority_name').nullable();
          t.string('terminated_on', 7).nullable();
        }),
      );
    } else {
      // Clustered on its key (knex cannot say WITHOUT ROWID): 2.7 million rows, one B-tree fewer to write and read.
      await this.execute(
        'create table postcode_places (postcode_compact varchar(7) not null primary key, ' +
          'postcode varchar(8) not null, country_code varchar(9) null, region_code varchar(3) null, ' +
          'local_authority_code varchar(9) null, local_authority_name text null, terminated_on varchar(7) null) ' +
          'without rowid',
      );
    }
    await runSchema(
      this,
      this.getKnex()
        .schema.alterTable('postcode_places', (t) => {
          t.index(['region_code'], 'postcode_places_by_region');
          t.index(['local_authority_code'], 'postcode_places_by_local_authority');
        })
        .createTable('local_authorities', (t) => {
          t.string('code', 9).primary();
          t.text('name').notNullable();
          t.text('name_key').notNullable();
          t.index(['name_key'], 'local_authorities_by_name');
        }),
    );
  }
}
