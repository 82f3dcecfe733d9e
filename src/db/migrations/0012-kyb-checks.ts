import { Migration } from '@mikro-orm/migrations';

/** KYB checks stored on the account with everything they used, and their idempotency keys (issue 12). */
export class Migration0012KybChecks extends Migration {
  override async up(): Promise<void> {
    // Schema to come.
  }
}
