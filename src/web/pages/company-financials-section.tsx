import type { z } from 'zod';
import type { getFinancialHistory } from '../../operations/get-financial-history';
import { financialCharts, jsonForScript, type FinancialChart } from './company-chart-data';
import { formatPounds } from './company-money';
import { CompanySection, PlanNote, type Gated } from './company-plan-note';
import { TableBox } from './company-table-box';

export type FinancialsAnswer = z.infer<typeof getFinancialHistory.output>;

/** The element company-charts.js reads its data from. */
export const CHART_DATA_ID = 'financial-chart-data';

/**
 * Figures from get_financial_history as one chart per figure, drawn by company-charts.js from data embedded as
 * JSON (not executed, so the CSP holds). Each chart's table is its text alternative and what shows without script;
 * both tell filed years from comparative ones.
 */
export function CompanyFinancialsSection({ financials }: { financials: Gated<FinancialsAnswer> }) {
  return (
    <CompanySection id="financials" title="Financial history">
      {'planRefusal' in financials ? (
        <PlanNote what="the financial history" refusal={financials.planRefusal} />
      ) : (
        <Financials history={financials.shown} />
      )}
    </CompanySection>
  );
}

function Financials({ history }: { history: FinancialsAnswer }) {
  if (history.years.length === 0)
    return (
      <p>
        No figures from electronically filed accounts are held for this company (paper filings have none to
        read).
      </p>
    );
  const charts = financialCharts(history);
  return (
    <>
      <p>
        {history.years.length} {history.years.length === 1 ? 'year' : 'years'} on the {history.basis} basis
        (GBP, as filed): {history.basis_reason}.
      </p>
      <p class="chart-key" aria-hidden="true">
        <span class="key-item">
          <span class="swatch swatch-filed" /> Filed for that year
        </span>
        <span class="key-item">
          <span class="swatch swatch-comparative" /> Comparative: a prior year’s figure from a later year’s
          accounts
        </span>
      </p>
      {charts.length === 0 ? (
        <p>The accounts held state none of turnover, profit or loss, net assets or cash.</p>
      ) : (
        charts.map((chart) => <FigureChart chart={chart} />)
      )}
      <FinancialSignals signals={history.signals} />
      {charts.length > 0 ? (
        <>
          <script
            type="application/json"
            id={CHART_DATA_ID}
            dangerouslySetInnerHTML={{ __html: jsonForScript({ charts }) }}
          />
          <script src="/assets/vendor/chart.umd.js" defer />
          <script src="/assets/company-charts.js" defer />
        </>
      ) : null}
    </>
  );
}

function FigureChart({ chart }: { chart: FinancialChart }) {
  const ends = chart.points.map((point) => point.period_end.slice(0, 4));
  const span = ends.length > 1 ? `${ends[0]} to ${ends[ends.length - 1]}` : ends[0];
  return (
    <figure class="chart" id={`chart-${chart.measure}`}>
      <figcaption>
        <h3>{chart.label}</h3>
      </figcaption>
      {/* Hidden until company-charts.js draws in it: without script, the table alone is shown. */}
      <div class="chart-box" hidden>
        <canvas
          data-measure={chart.measure}
          role="img"
          aria-label={`${chart.label} by year end, ${span}; the table below gives each figure and its source`}
        />
      </div>
      <TableBox label={`${chart.label} table`}>
        <table>
          <caption>{chart.label} by year end</caption>
          <thead>
            <tr>
              <th scope="col">Year end</th>
              <th scope="col">{chart.label}</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {[...chart.points].reverse().map((point) => (
              <tr class={`origin-${point.origin}`}>
                <th scope="row" class="date">
                  {point.period_end}
                </th>
                <td class="number">{formatPounds(point.value)}</td>
                <td>
                  {point.origin === 'filed'
                    ? 'Filed for this year'
                    : `Comparative, from the accounts made up to ${point.document_period_end ?? 'a later date'}`}
                  <span class="hint"> ({point.document})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </figure>
  );
}

function FinancialSignals({ signals }: { signals: FinancialsAnswer['signals'] }) {
  return (
    <>
      <h3>What the figures show</h3>
      {signals.length === 0 ? (
        <p>
          None of the financial signals fired for the newest year (net liabilities, losses in a row, falling
          cash, current ratio below one, falling turnover).
        </p>
      ) : (
        <ul>
          {signals.map((signal) => (
            <li>
              <strong class={`severity severity-${signal.severity}`}>{signal.severity}</strong>{' '}
              {signal.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
