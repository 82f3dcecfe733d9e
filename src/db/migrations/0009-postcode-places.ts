import { Migration } from '@mikro-orm/migrations';

/** Region and local authority of each postcode, from the ONS postcode lookup (issue 11). */
export class Migration0009PostcodePlaces extends Migration {
  override async up(): Promise<void> {
    // Schema to come.
  }
}
