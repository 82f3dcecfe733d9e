import { financialCharts, jsonForScript } from '../../../src/web/pages/company-chart-data';
import { formatPounds } from '../../../src/web/pages/company-money';
import { HOSTILE, threeYearHistory } from './company-fixtures';

describe('company page chart data', () => {
  it('gives one chart per figure some year states, oldest year first, telling filed from comparative', () => {
    const charts = financialCharts(threeYearHistory());
    // Cash is stated by no year: no empty chart for it.
    expect(charts.map((chart) => chart.measure)).toEqual(['turnover', 'profit_loss', 'net_assets']);
    const turnover = charts[0]!;
    expect(turnover.points.map((p) => [p.period_end, p.value, p.origin])).toEqual([
      ['2023-03-31', 900_000, 'comparative'],
      ['2024-03-31', 1_000_000, 'filed'],
      ['2025-03-31', 1_200_000, 'filed'],
    ]);
    // The comparative year names the later document it was read from.
    expect(turnover.points[0]).toMatchObject({
      document: 'accounts-2024-03-31.xhtml',
      document_period_end: '2024-03-31',
    });
    // A year that does not state a charted figure keeps its place as null, not zero.
    expect(charts[1]!.points.map((p) => p.value)).toEqual([null, 20_000, -50_000]);
  });

  it('gives no chart for a company with no figures', () => {
    const history = threeYearHistory();
    expect(financialCharts({ ...history, years: [] })).toEqual([]);
  });

  it('writes JSON a script element cannot be closed by, and that parses back unchanged', () => {
    const value = { name: `${HOSTILE}<!-- </SCRIPT> \u2028\u2029 & >`, n: -1.5 };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('formats whole pounds, losses and unstated figures', () => {
    expect(formatPounds(1_234_567)).toBe('£1,234,567');
    expect(formatPounds(-5_000)).toBe('-£5,000');
    expect(formatPounds(0)).toBe('£0');
    expect(formatPounds(null)).toBe('not stated');
  });
});
