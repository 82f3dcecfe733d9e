import type {
  SanctionsMatchView,
  SanctionsScreen,
} from '../../domain/sanctions/screening/sanctions-screen-result';
import { Layout, type Viewer } from '../layout';
import { companyPath } from './company-paths';
import { PlanNote, type PlanRefusal } from './company-plan-note';
import { TableBox } from './company-table-box';
import { UtcTime } from './utc-time';

export const companySanctionsPath = (companyNumber: string) => `${companyPath(companyNumber)}/sanctions`;

/**
 * `/app/companies/{number}/sanctions`: screen_sanctions as a page, its own page rather than a section of the
 * company page, so reading a company does not spend a screen. Every name screened with its role, each potential
 * match with its score, list, regime and the explanation's contributions; with none, what was screened against
 * which list versions, so "nothing found" says what it covers.
 */
export function CompanySanctionsPage(props: {
  viewer: Viewer;
  company: { number: string; name: string };
  screen?: SanctionsScreen;
  planRefusal?: PlanRefusal;
}) {
  const { viewer, company, screen, planRefusal } = props;
  return (
    <Layout title={`Sanctions screen: ${company.name}`} viewer={viewer}>
      <p class="breadcrumb">
        <a href={companyPath(company.number)}>{company.name}</a>
      </p>
      <h1>Sanctions screen: {company.name}</h1>
      <p>
        The company’s names, its officers and its persons with significant control compared with the official
        sanctions lists. A name match is not a finding that anyone is sanctioned.
      </p>
      {planRefusal ? <PlanNote what="sanctions screening" refusal={planRefusal} /> : null}
      {screen ? <ScreenResult screen={screen} /> : null}
    </Layout>
  );
}

function listsText(screen: SanctionsScreen): string {
  if (screen.lists.length === 0) return 'no list (none is held or chosen), so nothing was screened';
  return screen.lists
    .map(
      (list) =>
        `${list.name} version ${list.version_id}${list.published_on ? ` (${list.published_on})` : ''}`,
    )
    .join('; ');
}

function ScreenResult({ screen }: { screen: SanctionsScreen }) {
  return (
    <>
      <p id="screen-summary">
        Screened <UtcTime iso={screen.screened_at} /> against {listsText(screen)}.
      </p>
      <section aria-labelledby="matches-heading" id="potential-matches">
        <h2 id="matches-heading">Potential matches ({screen.potential_matches.length})</h2>
        {screen.potential_matches.length === 0 ? (
          <p id="nothing-found">
            Nothing found: none of the {screen.screened.length} names below scored above the threshold against{' '}
            {listsText(screen)}.
          </p>
        ) : (
          <ol class="cards">
            {screen.potential_matches.map((match) => (
              <MatchCard match={match} />
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="screened-heading" id="screened">
        <h2 id="screened-heading">Names screened ({screen.screened.length})</h2>
        <TableBox label="Names screened">
          <table>
            <caption>Every name compared, with its role</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Designations compared</th>
                <th scope="col">Potential matches</th>
              </tr>
            </thead>
            <tbody>
              {screen.screened.map((subject) => (
                <tr>
                  <th scope="row">{subject.name}</th>
                  <td>{subject.role.replace(/_/g, ' ')}</td>
                  <td>{subject.candidates_compared}</td>
                  <td>{subject.potential_matches}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
        {screen.lists_not_screened.length > 0 ? (
          <p id="lists-not-screened">
            Not screened against:{' '}
            {screen.lists_not_screened
              .map((list) => `${list.name} (${list.reason === 'not_held' ? 'not held' : 'not chosen'})`)
              .join('; ')}
            .
          </p>
        ) : null}
      </section>
      <p class="notice notice-warning">{screen.disclaimer}</p>
    </>
  );
}

function MatchCard({ match }: { match: SanctionsMatchView }) {
  return (
    <li class="card potential-match">
      <p class="card-kicker">
        Score {match.score.toFixed(2)} (threshold {match.threshold.toFixed(2)}) ·{' '}
        {match.subject.role.replace(/_/g, ' ')}
      </p>
      <h3 class="card-title">
        {match.subject.name} and {match.designation.primary_name}
      </h3>
      <dl class="facts">
        <dt>Listed on</dt>
        <dd>
          {match.listings.map((listing) => (
            <span class="listing">
              {listing.list_name}, version {listing.list_version_id}: <code>{listing.unique_id}</code>
              {listing.regimes.length > 0 ? ` (${listing.regimes.join(', ')})` : ''}{' '}
            </span>
          ))}
        </dd>
      </dl>
      <TableBox label={`How ${match.subject.name} scored`}>
        <table>
          <caption>What each feature added to the score</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Added</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {match.explanation.contributions.map((contribution) => (
              <tr>
                <th scope="row">
                  {contribution.feature} <code>{contribution.rule}</code>
                </th>
                <td>{contribution.value.toFixed(4)}</td>
                <td>{contribution.evidence}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </li>
  );
}
