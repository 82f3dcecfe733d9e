import { h } from 'preact';
import { render } from 'preact-render-to-string';
import type { ScreenAnswer } from '../../../src/web/pages/screen-columns';
import { ScreenPage, screenDescription } from '../../../src/web/pages/screen-page';
import type { AddAllOutcome } from '../../../src/web/screen-add-all';

const viewer = { email: 'someone@example.com', csrfToken: 'T'.repeat(43) };
const filters = { sic_division: '62', region: 'North West' };

const added = (over: Partial<AddAllOutcome>): AddAllOutcome => ({
  list: { id: 7, name: 'Prospects', created: false },
  taken: 1_000,
  total: 10_000,
  totalCapped: true,
  cut: true,
  added: 990,
  alreadyOnList: 10,
  notFound: 0,
  ...over,
});

const page = (props: Record<string, unknown>) =>
  render(h(ScreenPage, { viewer, filters, ...props })).replace(/<!-- -->/g, '');

describe('the screener page at its limits', () => {
  it('says when Add all stopped at the cap, how many matched, and that narrowing adds the rest', () => {
    const html = page({ added: added({}) });
    expect(html).toContain('990 added, 10 already there, of 1,000 screened');
    expect(html).toContain(
      'The screen matched more than 10,000: only the first 1,000 in its order were added',
    );
    expect(page({ added: added({ cut: false }) })).not.toContain('only the first');
  });

  it('says where a rate limit stopped an add part way, and that adding again adds the rest', () => {
    const html = page({ added: added({ cut: false, stoppedBy: 'Rate limit: 120 a minute.' }) });
    expect(html).toContain('Stopped part way: Rate limit: 120 a minute. Adding again later adds the rest.');
  });

  it('says the CSV holds the first 1,000 when more match', () => {
    const answer = (total: number): ScreenAnswer => ({
      items: [],
      total,
      total_capped: false,
      limit: 20,
      offset: 0,
      next_offset: null,
      sort: 'company_number',
      order: 'asc',
      as_of: '2026-11-29',
    });
    // An empty page says nothing found; the cap note is on a page of results, so one company is given.
    const company = {
      company_number: '00000001',
      company_name: 'A LTD',
      company_status: 'active',
      type: 'ltd',
      date_of_creation: null,
      registered_office_address: { locality: null, postal_code: null },
      sic_codes: [],
      latest_accounts: null,
      growth: null,
      place: null,
      health: null,
      filings: {
        accounts_next_due: null,
        accounts_overdue: false,
        confirmation_statement_next_due: null,
        confirmation_statement_overdue: false,
        last_gazette_notice_on: null,
      },
      charges_outstanding: 0,
      has_insolvency_history: false,
      registered_office_active_companies: null,
    } as const;
    const over = page({ answer: { ...answer(1_001), items: [company] } });
    expect(over).toContain('The CSV holds the first 1,000 in this order');
    expect(page({ answer: { ...answer(1_000), items: [company] } })).not.toContain('first 1,000');
  });

  it('says what was screened in the form’s words, or that nothing narrowed it', () => {
    expect(screenDescription({ sic_division: '62', region: 'North West', sort: 'turnover' })).toBe(
      'SIC division: 62; Region: North West',
    );
    expect(screenDescription({ sort: 'turnover' })).toBe('the whole register, no filter');
  });
});
