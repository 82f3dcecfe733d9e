import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { projectRoot } from './paths';

const fixtures = join(projectRoot, 'test/fixtures');

/**
 * The fixtures of each detail resource laid out as a company details folder (docs/company-details.md), for the
 * companies of test/fixtures/companies/basic-company-data-sample.csv, in a new temporary folder. `extra` adds
 * more files: folder path → fixture path, both relative.
 */
export function companyDetailsFolder(extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'cds-details-'));
  const files: Record<string, string> = {
    'companies/09876543/officers.json': 'officers/09876543-officers.json',
    'companies/09876543/filing-history.json': 'filings/09876543-filing-history.json',
    'companies/01234567/officers.json': 'officers/01234567-officers.json',
    'companies/OC398765/officers.json': 'officers/OC398765-officers.json',
    'companies/SC412345/charges.json': 'charges/SC412345-charges.json',
    'companies/SC412345/persons-with-significant-control.json':
      'pscs/SC412345-persons-with-significant-control.json',
    'companies/11223344/insolvency.json': 'insolvency/11223344-insolvency.json',
    'psc-snapshot.txt': 'pscs/psc-snapshot-2026-11-01.txt',
    'accounts/quiet-river-2024-frs102.xhtml': 'accounts/quiet-river-2024-frs102.xhtml',
    'accounts/Prod223_3016_12345678_20250331.html': 'accounts/Prod223_3016_12345678_20250331.html',
    'accounts/northern-loom-group-2025.xhtml': 'accounts/northern-loom-group-2025.xhtml',
    'accounts/highland-timber-micro-2025.xhtml': 'accounts/highland-timber-micro-2025.xhtml',
    ...extra,
  };
  for (const [to, from] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, to)), { recursive: true });
    copyFileSync(join(fixtures, from), join(dir, to));
  }
  return dir;
}
