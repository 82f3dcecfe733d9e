import type { z } from 'zod';
import type { listScreeningMatches } from '../../operations/list-screening-matches';
import { CsrfField } from '../form-controls';
import { Layout, type Viewer } from '../layout';
import { UtcTime } from './utc-time';

export type MatchesAnswer = z.infer<typeof listScreeningMatches.output>;
type Match = MatchesAnswer['matches'][number];

export const SCREENING_MATCHES_PATH = '/app/sanctions/matches';
export const decisionPath = (id: number | string) => `${SCREENING_MATCHES_PATH}/${id}/decision`;
/** The route the decision forms post to, its match id a parameter. */
export const DECISION_ROUTE = decisionPath(':match_id');

const STATUS_TEXT: Record<Match['status'], string> = {
  open: 'Open: to review',
  confirmed: 'Confirmed',
  false_positive: 'False positive',
  delisted: 'Delisted: no longer on the list',
};

/**
 * `/app/sanctions/matches`: the potential matches ongoing screening found among the account's monitored companies
 * (list_screening_matches), newest first, each with the reviewer's decision buttons (decide_screening_match).
 */
export function ScreeningMatchesPage(props: { viewer: Viewer; answer: MatchesAnswer; cursor?: string }) {
  const { viewer, answer, cursor } = props;
  return (
    <Layout title="Potential sanctions matches" viewer={viewer} section="sanctions" sectionSubpage>
      <h1>Potential sanctions matches</h1>
      <p>
        When a sanctions list publishes a new version, every company on your lists and watchlist is screened
        again against what it added or changed. A name match is not a finding that anyone is sanctioned:
        review each one and record your decision.
      </p>
      {answer.matches.length === 0 ? (
        <p id="no-matches">
          {cursor === undefined ? 'No potential matches yet.' : 'No more potential matches.'}
        </p>
      ) : (
        <ol class="cards" aria-label="Potential matches, newest first">
          {answer.matches.map((match) => (
            <MatchCard viewer={viewer} match={match} />
          ))}
        </ol>
      )}
      {answer.next_cursor !== null ? (
        <nav aria-label="Pages of potential matches" class="pager">
          <a href={`${SCREENING_MATCHES_PATH}?cursor=${encodeURIComponent(answer.next_cursor)}`}>
            Older matches
          </a>
        </nav>
      ) : null}
    </Layout>
  );
}

function MatchCard({ viewer, match }: { viewer: Viewer; match: Match }) {
  return (
    <li class="card" id={`match-${match.id}`}>
      <p class="card-kicker">
        {STATUS_TEXT[match.status]} · found <UtcTime iso={match.created_at} />
      </p>
      <h2 class="card-title">
        {match.subject.name} and {match.designation.primary_name}
      </h2>
      <dl class="facts">
        <dt>Company</dt>
        <dd>
          <a href={`/app/companies/${encodeURIComponent(match.company_number)}`}>{match.company_name}</a>{' '}
          <code>{match.company_number}</code> ({match.subject.role.replace('_', ' ')})
        </dd>
        <dt>List</dt>
        <dd>
          {match.list.name}, version {match.list.version_id}: <code>{match.designation.unique_id}</code>
        </dd>
        <dt>Score</dt>
        <dd>
          {match.score.toFixed(2)} (threshold {match.threshold.toFixed(2)})
        </dd>
        {match.decision !== null ? (
          <>
            <dt>Decision</dt>
            <dd>
              <UtcTime iso={match.decision.decided_at} />
              {match.decision.note !== null ? `: ${match.decision.note}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {match.status === 'delisted' ? null : (
        <form method="post" action={decisionPath(match.id)} class="inline-form" id={`decide-${match.id}`}>
          <CsrfField token={viewer.csrfToken} />
          <button type="submit" name="decision" value="confirmed">
            Confirm<span class="visually-hidden"> {match.subject.name}</span>
          </button>{' '}
          <button type="submit" name="decision" value="false_positive">
            False positive<span class="visually-hidden"> {match.subject.name}</span>
          </button>
        </form>
      )}
    </li>
  );
}
