import type { FiledAccounts } from '../../../src/domain/financials/accounts-measures';
import {
  accountsCompanyNumber,
  bulkFileNameParts,
} from '../../../src/ingest/companies-house/resources/filed-accounts';

const accounts = (companyNumber: string | null): FiledAccounts => ({
  company_number: companyNumber,
  entity_name: null,
  balance_sheet_date: null,
  dormant: null,
  accounts_type: null,
  accounting_standard: null,
  taxonomies: [],
  years: [],
  problems: [],
});

describe('Companies House accounts bulk file names', () => {
  it('read the company number and balance sheet date', () => {
    expect(bulkFileNameParts('Prod223_3016_00012345_20231231.html')).toEqual({
      companyNumber: '00012345',
      balanceSheetDate: '2023-12-31',
    });
    expect(bulkFileNameParts('/data/accounts/Prod224_0042_sc612345_20240630.xhtml')).toEqual({
      companyNumber: 'SC612345',
      balanceSheetDate: '2024-06-30',
    });
  });

  it('are not guessed from other names', () => {
    expect(bulkFileNameParts('quiet-river-2024.xhtml')).toBeNull();
    expect(bulkFileNameParts('Prod223_3016_0012345_20231231.html')).toBeNull();
    expect(bulkFileNameParts('Prod223_3016_00012345_20231231.pdf')).toBeNull();
  });
});

describe('accountsCompanyNumber', () => {
  it('takes the number the document states, in its stored form', () => {
    expect(accountsCompanyNumber(accounts('sc612345'), 'a.xhtml')).toBe('SC612345');
    expect(accountsCompanyNumber(accounts('9876543'), 'a.xhtml')).toBe('09876543');
  });

  it('falls back on the bulk file name, and accepts both when they agree', () => {
    expect(accountsCompanyNumber(accounts(null), 'Prod223_3016_00012345_20231231.html')).toBe('00012345');
    expect(accountsCompanyNumber(accounts('12345'), 'Prod223_3016_00012345_20231231.html')).toBe('00012345');
  });

  it('refuses a disagreement, a malformed number, or no number at all, naming the document', () => {
    const refusal = (companyNumber: string | null, name: string) => {
      try {
        accountsCompanyNumber(accounts(companyNumber), name);
      } catch (error) {
        return { code: (error as { code: string }).code, message: (error as Error).message };
      }
      throw new Error('not refused');
    };
    expect(refusal('12345678', 'Prod223_3016_00012345_20231231.html')).toEqual({
      code: 'invalid_argument',
      message:
        'Prod223_3016_00012345_20231231.html: the document states company number 12345678 but its file name says 00012345',
    });
    expect(refusal('not a number', 'a.xhtml')).toMatchObject({
      code: 'invalid_argument',
      message: expect.stringMatching(
        /^a\.xhtml: UKCompaniesHouseRegisteredNumber: "not a number" is not a company number/,
      ),
    });
    expect(refusal(null, 'a.xhtml')).toMatchObject({
      code: 'invalid_argument',
      message: expect.stringMatching(/^a\.xhtml: no company number/),
    });
  });
});
