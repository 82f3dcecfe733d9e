import type { z } from 'zod';
import type { Evidence } from '../../domain/health/health-evidence';
import type { getHealthScore } from '../../operations/get-health-score';
import { formatPounds } from './company-money';
import { CompanySection, PlanNote, type Gated } from './company-plan-note';
import { registerWords } from './company-profile-section';

export type HealthAnswer = z.infer<typeof getHealthScore.output>;

/** The health score from get_health_score: score, grade and risk, every rule that fired with its evidence, the rest. */
export function CompanyHealthSection({ health }: { health: Gated<HealthAnswer> }) {
  return (
    <CompanySection id="health" title="Health score">
      {'planRefusal' in health ? (
        <PlanNote what="the health score" refusal={health.planRefusal} />
      ) : (
        <Health score={health.shown} />
      )}
    </CompanySection>
  );
}

function Health({ score }: { score: HealthAnswer }) {
  return (
    <>
      {score.score === null ? (
        <p>No score: {score.score_unavailable_reason ?? 'not enough data is held'}.</p>
      ) : (
        <p class="health-summary">
          <strong class="health-score">{score.score}</strong> out of 100, grade <strong>{score.grade}</strong>
          , {score.risk_level} risk, as of {score.as_of}.
        </p>
      )}
      <p class="hint">{score.disclaimer}</p>
      {score.calculation ? <p>How: {score.calculation}.</p> : null}
      <p>
        Confidence: {score.confidence.level}
        {score.confidence.reasons.length > 0 ? ` (${score.confidence.reasons.join('; ')})` : ''}.
      </p>
      <h3>Signals</h3>
      {score.signals.length === 0 ? (
        <p>No rule fired: none of the {score.checks_passed.length} checks found a problem.</p>
      ) : (
        <ul class="cards">
          {score.signals.map((signal) => (
            <li class="card">
              <p>
                <strong>{signal.title}</strong>{' '}
                <span class="tag">{signal.effect === 0 ? 'no points' : `${signal.effect} points`}</span>
                {signal.cap !== null ? <span class="tag">score at most {signal.cap}</span> : null}
              </p>
              <p>{signal.detail}</p>
              <EvidenceDetails evidence={signal.evidence} />
            </li>
          ))}
        </ul>
      )}
      {score.checks_passed.length > 0 ? (
        <details>
          <summary>Checks passed ({score.checks_passed.length})</summary>
          <ul>
            {score.checks_passed.map((check) => (
              <li>
                <strong>{check.title}</strong>: {check.looked_at}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {score.missing_data.rules_not_applied.length > 0 ||
      score.missing_data.resources_not_imported.length > 0 ? (
        <details>
          <summary>Missing data</summary>
          <ul>
            {score.missing_data.resources_not_imported.map((resource) => (
              <li>Never imported: {registerWords(resource)}</li>
            ))}
            {score.missing_data.rules_not_applied.map((rule) => (
              <li>
                <strong>{rule.title}</strong> not applied: {rule.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

/** A signal's evidence as lines a person reads: every record the finding rests on, by kind. */
export function evidenceLines(evidence: Evidence): string[] {
  return [
    ...evidence.fields.map(
      (field) => `${field.name}: ${field.value === null ? 'none' : String(field.value)}`,
    ),
    ...evidence.dates.map((date) => `${date.name}: ${date.date}`),
    ...evidence.filings.map((filing) => `Filing ${filing.type} of ${filing.date}: ${filing.description}`),
    ...evidence.accounts_figures.map(
      (figure) =>
        `${registerWords(figure.measure)} for the year to ${figure.period_end}: ` +
        (figure.measure === 'employees' ? String(figure.value) : formatPounds(figure.value)),
    ),
    ...evidence.charges.map(
      (charge) =>
        `Charge ${charge.charge_code ?? charge.charge_id}: ${charge.status}, created ${charge.created_on ?? '?'}`,
    ),
    ...evidence.officers.map(
      (officer) =>
        `${officer.name} (${officer.role}), appointed ${officer.appointed_on ?? '?'}` +
        (officer.resigned_on ? `, resigned ${officer.resigned_on}` : ''),
    ),
    ...evidence.psc_statements.map((statement) => `PSC statement: ${statement.statement}`),
    ...evidence.insolvency_cases.map(
      (insolvency) => `Insolvency case ${insolvency.case_number}: ${registerWords(insolvency.type)}`,
    ),
  ];
}

function EvidenceDetails({ evidence }: { evidence: Evidence }) {
  const lines = evidenceLines(evidence);
  if (lines.length === 0) return null;
  return (
    <details>
      <summary>Evidence ({lines.length})</summary>
      <ul>
        {lines.map((line) => (
          <li>{line}</li>
        ))}
      </ul>
    </details>
  );
}
