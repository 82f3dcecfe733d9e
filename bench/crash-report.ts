import type { ScenarioResult } from './crash-scenario';
import { formatTable } from './harness';

/** The crash ledger as a table: one column per scenario, one row per figure, kills in the order they happened. */
export function crashTable(results: readonly ScenarioResult[]): string {
  const seconds = (ms: number | null | undefined) =>
    ms === null || ms === undefined ? '-' : (ms / 1000).toFixed(1);
  const row = (name: string, pick: (result: ScenarioResult) => string | number | boolean) => [
    name,
    ...results.map((result) => String(pick(result))),
  ];
  const rows = [
    ['', ...results.map((result) => `${result.scenario} (${result.database})`)],
    row('alerts written', (r) => r.ledger.alertsWritten),
    row('  delivered', (r) => r.ledger.delivered),
    row('  failed', (r) => r.ledger.failed),
    row('  pending, next attempt in the future', (r) => r.ledger.pendingWithFutureAttempt),
    row('  pending, attempt due (still under way)', (r) => r.ledger.pendingUnderWay),
    row('  LOST', (r) => r.ledger.lost),
    row('written = delivered + failed + future', (r) => (r.ledger.identityHolds ? 'yes' : 'NO')),
    row(
      'receiver: requests / event ids',
      (r) => `${r.ledger.receiver.requests} / ${r.ledger.receiver.eventIds}`,
    ),
    row('  duplicated event ids', (r) => r.ledger.duplicates.events.length),
    row('    first send in flight at a kill', (r) => r.ledger.duplicates.explainedByKill),
    row('    NOT explained by a kill', (r) => r.ledger.duplicates.unexplained),
    row(
      '  unsigned / bad signature',
      (r) => `${r.ledger.receiver.unsigned} / ${r.ledger.receiver.badSignatures}`,
    ),
    row('  delivered rows never answered', (r) => r.ledger.receiver.deliveredNotAnswered.length),
  ];
  const kills = Math.max(...results.map((result) => result.kills.length));
  for (let i = 0; i < kills; i++) {
    const kill = (r: ScenarioResult) => r.kills[i];
    rows.push(
      row(`kill ${i + 1}: moment`, (r) => (kill(r) ? `${kill(r)!.moment} (${kill(r)!.target})` : '')),
      row('  requests received / in flight at kill', (r) =>
        kill(r) ? `${kill(r)!.receiverRequestsAtKill} / ${kill(r)!.inFlightAtReceiverAtKill}` : '',
      ),
      row('  rows delivered / pending at kill', (r) =>
        kill(r) ? `${kill(r)!.deliveredRowsAtKill} / ${kill(r)!.pendingRowsAtKill}` : '',
      ),
      row('  check step running for (ms) / alerts committed', (r) =>
        kill(r)?.moment === 'check'
          ? `${kill(r)!.checkStepRunningForMs ?? '-'} / ${kill(r)!.alertsCommittedAtKill}`
          : '',
      ),
      row('  its transaction seen writing (PostgreSQL)', (r) =>
        kill(r)?.writeTransactionOpenAtKill === undefined
          ? ''
          : kill(r)!.writeTransactionOpenAtKill
            ? 'yes'
            : 'no',
      ),
      row('  restart → ready s', (r) =>
        kill(r) && kill(r)!.moment !== 'temporal-sends' ? seconds(kill(r)!.restartToReadyMs) : '',
      ),
      row('  kill → ready again, nothing restarted by hand s', (r) =>
        kill(r)?.moment === 'temporal-sends' ? seconds(kill(r)!.killToReadyMs) : '',
      ),
      row('  /readyz while down: waiting_for', (r) => {
        const body = kill(r)?.readyzWhileDown as { waiting_for?: string[] } | undefined;
        return body ? (body.waiting_for ?? []).join(', ') || '(not said)' : '';
      }),
      row('  restart → check alerts written s', (r) =>
        kill(r)?.moment === 'check' ? seconds(kill(r)!.restartToAlertsWrittenMs) : '',
      ),
    );
  }
  rows.push(
    row('last restart → nothing pending s', (r) => seconds(r.restartToNothingPendingMs)),
    row('last kill → nothing pending s', (r) => seconds(r.lastKillToNothingPendingMs)),
    row('attempts recorded as timeout', (r) => r.attemptsByOutcome.timeout ?? 0),
    row('ERROR log lines', (r) => Object.values(r.errorLogLines).reduce((sum, n) => sum + n, 0)),
    row('check-changes command', (r) => (r.checkChangesCommand.ok ? 'ok' : 'failed')),
    row('load average (1 min) at start', (r) => r.loadAverageAtStart),
    row('scenario wall time s', (r) => r.seconds),
  );
  return formatTable(rows);
}
