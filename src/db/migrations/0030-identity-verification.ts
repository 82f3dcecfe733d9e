import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * Companies House's identity verification details (ECCTA 2023) on each appointment and each PSC entry: one JSON
 * text column each, null where Companies House publishes none (every row written before this column).
 */
export class Migration0030IdentityVerification extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex().schema.alterTable('officer_appointments', (t) => {
        t.text('identity_verification').nullable();
      }),
    );
    await runSchema(
      this,
      this.getKnex().schema.alterTable('persons_with_significant_control', (t) => {
        t.text('identity_verification').nullable();
      }),
    );
  }
}
