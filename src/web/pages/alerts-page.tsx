import type { z } from 'zod';
import type { getWatchlistAlerts } from '../../operations/get-watchlist-alerts';
import { Notice, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { Layout, type Viewer } from '../layout';
import { DeliveryStatusText } from './delivery-status';
import { UtcTime } from './utc-time';

export type AlertsAnswer = z.infer<typeof getWatchlistAlerts.output>;
type Alert = AlertsAnswer['alerts'][number];

export const ALERTS_PATH = '/app/alerts';
export const ALERT_FILTER_FIELDS = ['company_number'] as const;

const SEVERITY_TEXT: Record<Alert['severity'], string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
};

/**
 * `/app/alerts`: the account's alerts newest first (get_watchlist_alerts), each with the company, the time it was
 * detected and where its webhook stands; filtered by company and paged with the operation's own `before`.
 */
export function AlertsPage(props: {
  viewer: Viewer;
  answer: AlertsAnswer;
  /** The filter as typed; shown back in the form. */
  companyNumber?: string;
  /** Set on a later page: the alerts shown are older than this alert id. */
  before?: string;
  problem?: FormProblem;
}) {
  const { viewer, answer, companyNumber, before, problem } = props;
  // A refused filter is shown back in its field, but the alerts below (and their paging) are unfiltered.
  const filter = problem === undefined ? companyNumber : undefined;
  return (
    <Layout title="Alerts" viewer={viewer} section="alerts">
      <h1>Alerts</h1>
      <p>
        Changes found in the register entries of the companies you monitor (on your lists and your watchlist),
        newest first. Each alert with a webhook address is also sent to it.
      </p>
      <form method="get" action={ALERTS_PATH} id="alert-filter-form" class="filter-form" novalidate>
        {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
        <TextField
          id="alert-company-number"
          name="company_number"
          label="Company number"
          value={companyNumber}
          error={problem?.fields.company_number}
          hint="Only this company’s alerts; leave empty for all."
        />
        <button type="submit">Show alerts</button>
      </form>
      {answer.alerts.length === 0 ? (
        <p id="no-alerts">{emptyText(filter, before)}</p>
      ) : (
        <ol class="cards" aria-label="Alerts, newest first">
          {answer.alerts.map((alert) => (
            <AlertCard alert={alert} />
          ))}
        </ol>
      )}
      <AlertsPager answer={answer} companyNumber={filter} before={before} />
    </Layout>
  );
}

function emptyText(companyNumber: string | undefined, before: string | undefined): string {
  if (before !== undefined) return 'No older alerts.';
  if (companyNumber !== undefined) return `No alerts for company ${companyNumber} yet.`;
  return (
    'No alerts yet: alerts appear when a monitored company changes (its status, name, registered office, ' +
    'filings, charges, officers or people with significant control). The register is checked for the ' +
    'companies on your lists and your watchlist every 15 minutes.'
  );
}

function AlertCard({ alert }: { alert: Alert }) {
  return (
    <li class="card">
      <p class="card-kicker">
        <span class={`severity severity-${alert.severity}`}>{SEVERITY_TEXT[alert.severity]}</span>{' '}
        <UtcTime iso={alert.detected_at} />
      </p>
      <h2 class="card-title">{alert.title}</h2>
      <p>{alert.detail}</p>
      <dl class="facts">
        <dt>Company</dt>
        <dd>
          <a href={`/app/companies/${encodeURIComponent(alert.company_number)}`}>{alert.company_name}</a>{' '}
          <code>{alert.company_number}</code>
        </dd>
        <dt>Lists</dt>
        <dd>
          {alert.lists.length === 0
            ? 'Your watchlist only'
            : alert.lists.map((list, index) => (
                <>
                  {index > 0 ? ', ' : ''}
                  <a href={`/app/lists/${list.id}`}>{list.name}</a>
                </>
              ))}
        </dd>
        <dt>Webhook</dt>
        <dd>
          {alert.delivery === null ? (
            'Not sent: no webhook address applied to this alert'
          ) : (
            <a href={`/app/deliveries/${encodeURIComponent(alert.delivery.event_id)}`}>
              <DeliveryStatusText status={alert.delivery.status} />
              <span class="visually-hidden">: delivery of {alert.title}</span>
            </a>
          )}
        </dd>
      </dl>
    </li>
  );
}

function AlertsPager(props: { answer: AlertsAnswer; companyNumber?: string; before?: string }) {
  const { answer, companyNumber, before } = props;
  if (answer.next_before === null && before === undefined) return null;
  const link = (olderThan?: number) => {
    const query = new URLSearchParams();
    if (companyNumber !== undefined) query.set('company_number', companyNumber);
    if (olderThan !== undefined) query.set('before', String(olderThan));
    const text = query.toString();
    return text === '' ? ALERTS_PATH : `${ALERTS_PATH}?${text}`;
  };
  return (
    <nav aria-label="Pages of alerts" class="pager">
      {before !== undefined ? <a href={link()}>Newest alerts</a> : null}
      {answer.next_before !== null ? <a href={link(answer.next_before)}>Older alerts</a> : null}
    </nav>
  );
}
