import type { CellResult, CellRunner } from './api-cells';
import type { Kind } from './api-requests';
import { formatTable, progress } from './harness';

/*
 * What one request costs while searches load the same process (issue 15, "No query blocks the process"): cells
 * of two lanes at once, the measured kind and a background of `searchLoad` MCP searches in flight.
 * - the mixed case: searches and get_company, `searchLoad` of each in flight, each kind's rate and latency;
 * - get_company at one in flight, alone and then under the search load (REST and MCP): the p99 ratio, which the
 *   issue wants within 2;
 * - an MCP client's search for a company's exact name, alone and under the search load: its latency, and whether
 *   the company came first every time (the "Done when");
 * - the same exact-name search under as many searches for one word of a name ("cleaning"): a common word reads
 *   far more than a name's words, and the SQL is the same text, so this is where a small search could be queued
 *   behind big ones.
 */

const SEARCH_LOAD_KIND: Kind = 'mcp_search_companies';

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

export interface IdleVersusLoaded {
  kind: Kind;
  idle: CellResult;
  loaded: CellResult;
  /** The search load running meanwhile. */
  load: CellResult;
  p50Ratio: number;
  p99Ratio: number;
}

export interface ExactNameResult {
  idle: CellResult;
  loaded: CellResult;
  load: CellResult;
  /** Exact-name searches under load that returned the company first, of those completed. */
  firstUnderLoad: number;
  completedUnderLoad: number;
}

export interface ContentionReport {
  searchLoad: number;
  mixed: { search: CellResult; getCompany: CellResult };
  idleVersusLoaded: IdleVersusLoaded[];
  exactName: ExactNameResult;
  /** The exact-name search under one-word searches (its `idle` is the same cell as exactName's). */
  exactNameUnderOneWord: ExactNameResult;
}

export async function runContention(
  cells: CellRunner,
  options: { searchLoad: number; exactNameRequests: number },
): Promise<ContentionReport> {
  const load = { kind: SEARCH_LOAD_KIND, concurrency: options.searchLoad, background: true };

  progress(`mixed: ${options.searchLoad} searches + ${options.searchLoad} get_company in flight`);
  const [search, getCompany] = await cells.runLanes([
    { kind: 'mcp_search_companies', concurrency: options.searchLoad },
    { kind: 'mcp_get_company', concurrency: options.searchLoad },
  ]);

  const idleVersusLoaded: IdleVersusLoaded[] = [];
  for (const kind of ['rest_get_company', 'mcp_get_company'] as const) {
    progress(`${kind} at 1 in flight: alone, then under ${options.searchLoad} searches`);
    const idle = await cells.run(kind, 1);
    const [loaded, loadCell] = await cells.runLanes([{ kind, concurrency: 1 }, load]);
    idleVersusLoaded.push({
      kind,
      idle,
      loaded: loaded!,
      load: loadCell!,
      p50Ratio: round(loaded!.latencyMs.p50 / idle.latencyMs.p50),
      p99Ratio: round(loaded!.latencyMs.p99 / idle.latencyMs.p99),
    });
  }

  progress(`exact-name search at 1 in flight: alone, then under ${options.searchLoad} searches`);
  const exact = {
    kind: 'mcp_search_exact_name' as const,
    concurrency: 1,
    measured: options.exactNameRequests,
  };
  const [idleExact] = await cells.runLanes([exact]);
  const exactUnder = async (background: typeof load): Promise<ExactNameResult> => {
    const [loaded, loadCell] = await cells.runLanes([exact, background]);
    return {
      idle: idleExact!,
      loaded: loaded!,
      load: loadCell!,
      // A reply that is not an error passed the check that the company came first.
      firstUnderLoad: loaded!.completed - loaded!.errors,
      completedUnderLoad: loaded!.completed,
    };
  };
  const exactName = await exactUnder(load);
  progress(`exact-name search at 1 in flight under ${options.searchLoad} one-word searches`);
  const exactNameUnderOneWord = await exactUnder({ ...load, kind: 'mcp_search_one_word' });
  return {
    searchLoad: options.searchLoad,
    mixed: { search: search!, getCompany: getCompany! },
    idleVersusLoaded,
    exactName,
    exactNameUnderOneWord,
  };
}

export function contentionTable(report: ContentionReport): string {
  const f = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '-' : String(v));
  const row = (cell: string, lane: CellResult) => [
    cell,
    `${lane.label}${lane.background ? ' (load)' : ''}`,
    String(lane.concurrency),
    f(lane.requestsPerSecond),
    f(lane.latencyMs.p50),
    f(lane.latencyMs.p95),
    f(lane.latencyMs.p99),
    f(lane.latencyMs.max),
    `${lane.completed}${lane.cutShortByMaxSeconds ? '*' : ''}`,
    String(lane.errors),
    f(lane.serverEventLoopUtilisation),
  ];
  const rows = [
    ['cell', 'lane', 'conc', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'n', 'errors', 'server ELU'],
    row('mixed', report.mixed.search),
    row('mixed', report.mixed.getCompany),
  ];
  for (const pair of report.idleVersusLoaded) {
    rows.push(row('alone', pair.idle), row('under load', pair.loaded), row('under load', pair.load));
  }
  const exact = report.exactName;
  rows.push(row('alone', exact.idle), row('under load', exact.loaded), row('under load', exact.load));
  const underWords = report.exactNameUnderOneWord;
  rows.push(row('under load', underWords.loaded), row('under load', underWords.load));
  const lines = [
    formatTable(rows),
    '',
    ...report.idleVersusLoaded.map(
      (pair) =>
        `${pair.idle.label} @1 under ${report.searchLoad} searches ÷ alone: p99 ${pair.p99Ratio}, p50 ${pair.p50Ratio}` +
        ' (issue 15: p99 within 2)',
    ),
    exactLine(`${report.searchLoad} searches`, exact),
    exactLine(`${report.searchLoad} one-word searches`, underWords),
  ];
  return lines.join('\n');
}

function exactLine(load: string, exact: ExactNameResult): string {
  return (
    `exact-name search under ${load}: p50 ${exact.loaded.latencyMs.p50} ms, ` +
    `p99 ${exact.loaded.latencyMs.p99} ms, max ${exact.loaded.latencyMs.max} ms; ` +
    `the company first in ${exact.firstUnderLoad} of ${exact.completedUnderLoad}` +
    (exact.loaded.errorSamples.length > 0 ? ` (e.g. ${exact.loaded.errorSamples[0]})` : '')
  );
}
