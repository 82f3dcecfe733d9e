import type { KybCheckResult } from '../../domain/kyb/kyb-result';
import { TableBox } from './company-table-box';
import { Layout, type Viewer } from '../layout';
import { companyPath } from './company-paths';
import { Evidence } from './kyb-evidence';
import { OutcomeBadge } from './kyb-outcome';
import { KYB_PATH, kybJsonPath, kybPdfPath } from './kyb-paths';
import { UtcTime } from './utc-time';

/**
 * `/app/kyb/{id}`: one check's whole record, as run_kyb_check answered it: the outcome and the reason that
 * decided it, every reason with its evidence, what was and was not checked, and the inputs it was decided on.
 * The PDF and JSON downloads hold the same content.
 */
export function KybCheckPage({ viewer, check }: { viewer: Viewer; check: KybCheckResult }) {
  const title = `KYB check: ${check.client_reference}`;
  return (
    <Layout title={title} viewer={viewer} section="kyb" sectionSubpage>
      <p class="breadcrumb">
        <a href={KYB_PATH}>KYB checks</a>
      </p>
      <h1>{title}</h1>
      <dl class="facts" id="kyb-summary">
        <dt>Outcome</dt>
        <dd>
          <OutcomeBadge outcome={check.outcome} /> decided by <code>{check.decided_by}</code>
        </dd>
        <dt>Why</dt>
        <dd id="kyb-decision">{check.decision}</dd>
        <dt>Company checked</dt>
        <dd>
          {check.company_number === null ? (
            'None identified'
          ) : (
            <>
              <a href={companyPath(check.company_number)}>{check.company_name ?? check.company_number}</a>{' '}
              <code>{check.company_number}</code>
            </>
          )}
        </dd>
        <dt>Name as stated</dt>
        <dd>{check.stated_company_name}</dd>
        <dt>Run</dt>
        <dd>
          <UtcTime iso={check.created_at} />
        </dd>
        <dt>Check id</dt>
        <dd>
          <code>{check.id}</code>
        </dd>
      </dl>
      <p class="form-actions" id="kyb-downloads">
        <a href={kybPdfPath(check.id)} class="button" download>
          Download as PDF
        </a>
        <a href={kybJsonPath(check.id)} class="button button-secondary" download>
          Download as JSON
        </a>
      </p>

      <section aria-labelledby="reasons-heading" id="reasons">
        <h2 id="reasons-heading">Reasons ({check.reasons.length})</h2>
        {check.reasons.length === 0 ? (
          <p>No reason to refer or fail: every check performed passed.</p>
        ) : (
          <ol class="cards">
            {check.reasons.map((reason) => (
              <li class="card" id={`reason-${reason.code}`}>
                <p class="card-kicker">
                  <OutcomeBadge outcome={reason.outcome} /> <code>{reason.code}</code>
                  {reason.code === check.decided_by ? ' · decided the outcome' : ''}
                </p>
                <h3 class="card-title">{reason.title}</h3>
                <p>{reason.detail}</p>
                <details>
                  <summary>
                    Evidence<span class="visually-hidden"> for {reason.code}</span>
                  </summary>
                  <Evidence evidence={reason.evidence} checkedCompany={check.company_number} />
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="performed-heading" id="checks-performed">
        <h2 id="performed-heading">Checks performed</h2>
        <TableBox label="Checks performed">
          <table>
            <caption>Every check that ran, passed ones included</caption>
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col">Outcome</th>
                <th scope="col">What it saw</th>
                <th scope="col">Reasons</th>
              </tr>
            </thead>
            <tbody>
              {check.checks_performed.map((performed) => (
                <tr>
                  <th scope="row">
                    <code>{performed.check}</code>
                    <br />
                    {performed.description}
                  </th>
                  <td>
                    <OutcomeBadge outcome={performed.outcome} />
                  </td>
                  <td>{performed.detail}</td>
                  <td>{performed.reason_codes.length === 0 ? '—' : performed.reason_codes.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      </section>

      <section aria-labelledby="not-performed-heading" id="checks-not-performed">
        <h2 id="not-performed-heading">Not checked</h2>
        <p>A pass says nothing about these.</p>
        <dl class="facts">
          {check.checks_not_performed.map((missing) => (
            <>
              <dt>
                <code>{missing.check}</code>
              </dt>
              <dd>{missing.why}</dd>
            </>
          ))}
        </dl>
      </section>

      <section aria-labelledby="inputs-heading" id="inputs">
        <h2 id="inputs-heading">Inputs</h2>
        <dl class="facts">
          <dt>Judged as of</dt>
          <dd>{check.inputs.as_of}</dd>
          <dt>Register record read</dt>
          <dd>
            {check.inputs.company_snapshot_at === null ? (
              'None (no company identified)'
            ) : (
              <UtcTime iso={check.inputs.company_snapshot_at} />
            )}
          </dd>
          <dt>Sanctions list versions</dt>
          <dd>
            {check.inputs.sanctions_list_versions.length === 0
              ? 'None screened'
              : check.inputs.sanctions_list_versions
                  .map((v) => `${v.list} ${v.id}${v.published_on ? ` (published ${v.published_on})` : ''}`)
                  .join('; ')}
          </dd>
          <dt>Health model</dt>
          <dd>{check.inputs.health_model_version ?? 'None used'}</dd>
        </dl>
      </section>

      <p class="notice notice-warning" id="kyb-disclaimer">
        {check.disclaimer}
      </p>
    </Layout>
  );
}
