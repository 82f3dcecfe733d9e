import { Migration0001Accounts } from './0001-accounts';

// Listed explicitly (not globbed from disk) so they run the same under tsx, jest and a compiled build.
export const migrationsList = [{ name: '0001-accounts', class: Migration0001Accounts }];
