import { h } from 'preact';
import { render } from 'preact-render-to-string';
import { ServiceError } from '../../../src/domain/errors';
import { CompanyPage, type CompanyPageData } from '../../../src/web/pages/company-page';
import { gated, planRefusalOf, type PlanRefusal } from '../../../src/web/pages/company-plan-note';
import { companyAnswer, healthAnswer, HOSTILE, threeYearHistory } from './company-fixtures';

const viewer = { email: 'someone@example.com', csrfToken: 'T'.repeat(43) };
const UPGRADE = 'https://example.com/pricing?from=<app>';
const refusal: PlanRefusal = { requiredPlan: 'starter', currentPlan: 'free', upgradeUrl: UPGRADE };
const planRefused = new ServiceError('plan_required', 'get_officers needs the starter plan', {
  required_plan: 'starter',
  current_plan: 'free',
  upgrade_url: UPGRADE,
});

function page(data: Partial<CompanyPageData>): string {
  const all: CompanyPageData = {
    company: companyAnswer(),
    officers: { planRefusal: refusal },
    pscs: { planRefusal: refusal },
    filings: { planRefusal: refusal },
    filingCategory: '',
    financials: { planRefusal: refusal },
    health: { planRefusal: refusal },
    ...data,
  };
  return render(h(CompanyPage, { viewer, data: all }));
}

/** The HTML of one section, by its id. */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section id="${id}"`);
  if (start < 0) throw new Error(`no section ${id}`);
  return html.slice(start, html.indexOf('</section>', start));
}

describe('the plan refusal of a section', () => {
  it('is read from the API’s plan_required refusal, and nothing else is taken for one', async () => {
    expect(planRefusalOf(planRefused)).toEqual(refusal);
    expect(planRefusalOf(new ServiceError('not_found', 'Company not found'))).toBeUndefined();
    expect(planRefusalOf(new Error('plan_required'))).toBeUndefined();
    expect(await gated(Promise.reject(planRefused))).toEqual({ planRefusal: refusal });
    expect(await gated(Promise.resolve(3))).toEqual({ shown: 3 });
    await expect(gated(Promise.reject(new ServiceError('rate_limited', 'slow down')))).rejects.toThrow(
      'slow down',
    );
  });
});

describe('the company page', () => {
  it('shows each gated section as a plan note with the upgrade link, never an empty box', () => {
    const html = page({});
    for (const id of ['officers', 'pscs', 'filings', 'financials', 'health']) {
      const part = section(html, id);
      expect(part).toContain('Your plan (free) does not include');
      expect(part).toContain('href="https://example.com/pricing?from=&lt;app>"');
      expect(part).not.toContain('<table');
    }
    // What get_company gives is shown whatever the plan.
    expect(section(html, 'profile')).toContain('<code>00445790</code>');
    expect(section(html, 'charges')).toContain('No charges registered');
    expect(html).not.toContain('financial-chart-data');
  });

  it('says what was checked when a section has nothing', () => {
    const history = threeYearHistory();
    const html = page({
      officers: {
        shown: {
          company_number: '00445790',
          active_count: 0,
          resigned_count: 0,
          total: 0,
          limit: 100,
          offset: 0,
          next_offset: null,
          items: [],
        },
      },
      pscs: {
        shown: {
          company_number: '00445790',
          active_count: 0,
          ceased_count: 0,
          items: [],
          statements: [],
          ownership: {
            company_number: '00445790',
            psc_exemption: null,
            max_depth: 10,
            chains: [],
            ultimate_owners: [],
            natural_person_reached: false,
            stops: [],
          },
        },
      },
      filings: {
        shown: {
          company_number: '00445790',
          total_count: 0,
          items: [],
          offset: 0,
          has_more: false,
          next_offset: null,
        },
      },
      filingCategory: 'mortgage',
      financials: { shown: { ...history, years: [], trends: [], signals: [] } },
      health: {
        shown: healthAnswer({
          score: null,
          grade: null,
          risk_level: null,
          calculation: null,
          score_unavailable_reason: 'no register data',
          signals: [],
        }),
      },
    });
    expect(section(html, 'officers')).toContain('No officers are held for this company');
    expect(section(html, 'pscs')).toContain('No persons with significant control and no statements');
    expect(section(html, 'filings')).toContain('No filings in mortgage are held');
    expect(section(html, 'filings')).toMatch(/<option value="mortgage" selected/);
    expect(section(html, 'financials')).toContain('No figures from electronically filed accounts');
    expect(section(html, 'health')).toContain('No score: no register data.');
    expect(section(html, 'charges')).toContain('No insolvency cases held');
  });

  it('draws charts from escaped JSON, with a table telling filed from comparative years', () => {
    const html = page({ financials: { shown: threeYearHistory() }, health: { shown: healthAnswer() } });
    const financials = section(html, 'financials');
    const json = /<script type="application\/json" id="financial-chart-data">([^<]*)<\/script>/.exec(
      financials,
    );
    expect(json).not.toBeNull();
    const data = JSON.parse(json![1]!) as { charts: { measure: string }[] };
    expect(data.charts.map((c) => c.measure)).toEqual(['turnover', 'profit_loss', 'net_assets']);
    expect(financials).toContain('<script src="/assets/vendor/chart.umd.js" defer></script>');
    expect(financials).toContain('<script src="/assets/company-charts.js" defer></script>');
    expect(financials).toMatch(
      /<canvas data-measure="turnover" role="img" aria-label="Turnover by year end, 2023 to 2025/,
    );
    // Newest first in the table; the comparative year says which accounts it came from.
    expect(financials).toMatch(
      /<tr class="origin-comparative"><th scope="row" class="date">2023-03-31<\/th><td class="number">£900,000<\/td><td>Comparative, from the accounts made up to 2024-03-31/,
    );
    expect(financials).toMatch(
      /<tr class="origin-filed"><th scope="row" class="date">2025-03-31<\/th><td class="number">£1,200,000/,
    );
    expect(financials).toContain('not stated');
    const health = section(html, 'health');
    expect(health).toContain('<strong class="health-score">72</strong>');
    expect(health).toContain('-28 points');
    expect(health).toContain('Net assets for the year to 2025-03-31: £300,000');
  });

  it('escapes the register’s text everywhere, the chart data included', () => {
    const history = threeYearHistory();
    history.years[0]!.document.name = HOSTILE;
    const html = page({ financials: { shown: history }, health: { shown: healthAnswer() } });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('</script>"');
    expect(html).toContain('&lt;img src=x onerror=alert(1)>&quot;&amp;&lt;/script>');
    // One script element per script: nothing in the data ended the JSON element early.
    expect(html.match(/<script/g)).toHaveLength(3);
    const json = /id="financial-chart-data">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.stringify(JSON.parse(json))).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });
});
