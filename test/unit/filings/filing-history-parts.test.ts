import { filingCategories, parseCategoryList } from '../../../src/domain/filings/filing-categories';
import { newFilingChanges } from '../../../src/domain/filings/filing-changes';
import { filingHistoryItemSchema } from '../../../src/domain/filings/filing-history-resource';
import { filingItem, filingRow } from '../../../src/domain/filings/filing-record';

const item = (transactionId: string, date: string, type = 'AD01') =>
  filingHistoryItemSchema.parse({
    transaction_id: transactionId,
    category: 'address',
    type,
    date,
    description: 'change-registered-office-address-company-with-date-old-address-new-address',
    description_values: { old_address: 'A', new_address: 'B', change_date: date },
    links: { self: `/company/09876543/filing-history/${transactionId}` },
    an_unknown_field: true,
  });

describe('filing categories argument', () => {
  it('reads one category or a list, ignoring case, spaces and repeats', () => {
    expect(parseCategoryList('accounts')).toEqual({ categories: ['accounts'], invalid: [] });
    expect(parseCategoryList(' Accounts , officers,accounts,')).toEqual({
      categories: ['accounts', 'officers'],
      invalid: [],
    });
  });

  it('names the values that are no category', () => {
    expect(parseCategoryList('accounts,shares,Bogus')).toEqual({
      categories: ['accounts'],
      invalid: ['shares', 'bogus'],
    });
    expect(parseCategoryList(' , ')).toEqual({ categories: [], invalid: [] });
  });

  it('holds the categories Companies House files under, once each', () => {
    expect(new Set(filingCategories).size).toBe(filingCategories.length);
    for (const category of [
      'accounts',
      'confirmation-statement',
      'mortgage',
      'persons-with-significant-control',
    ])
      expect(filingCategories).toContain(category);
  });
});

describe('new filing changes', () => {
  it('announces only filings not held before, oldest first, with a readable description', () => {
    const changes = newFilingChanges('09876543', new Set(['T1']), [
      item('T3', '2026-11-01'),
      item('T1', '2020-01-01'),
      item('T2', '2026-08-15', 'AA'),
    ]);
    expect(changes.map((c) => (c.newValue as { transaction_id: string }).transaction_id)).toEqual([
      'T2',
      'T3',
    ]);
    expect(changes[1]).toEqual({
      companyNumber: '09876543',
      change: 'updated',
      field: 'filing_history',
      alertType: 'new_filing',
      oldValue: null,
      newValue: {
        transaction_id: 'T3',
        category: 'address',
        type: 'AD01',
        date: '2026-11-01',
        description: 'new AD01 filing: Registered office moved from A to B on 2026-11-01, 2026-11-01',
      },
    });
    expect(newFilingChanges('09876543', new Set(['T1', 'T2', 'T3']), [item('T1', '2020-01-01')])).toEqual([]);
  });
});

describe('filing rows', () => {
  it('round-trips an item through the store into the tool’s item', () => {
    const row = filingRow('09876543', item('T9', '2026-11-01'));
    expect(row).toMatchObject({ transactionId: 'T9', paperFiled: false, pages: null, actionDate: null });
    expect(JSON.parse(row.details)).toMatchObject({ links: { self: '/company/09876543/filing-history/T9' } });
    expect(filingItem(row)).toEqual({
      transaction_id: 'T9',
      date: '2026-11-01',
      category: 'address',
      subcategory: null,
      type: 'AD01',
      description: 'Registered office moved from A to B on 2026-11-01',
      description_code: 'change-registered-office-address-company-with-date-old-address-new-address',
      description_values: { old_address: 'A', new_address: 'B', change_date: '2026-11-01' },
      action_date: null,
      pages: null,
      paper_filed: false,
    });
  });

  it('refuses an item without a transaction id or with a bad date', () => {
    expect(() =>
      filingHistoryItemSchema.parse({ ...item('T1', '2026-01-01'), transaction_id: '' }),
    ).toThrow();
    expect(() =>
      filingHistoryItemSchema.parse({ ...item('T1', '2026-01-01'), date: '01/01/2026' }),
    ).toThrow();
  });
});
