import type { ComponentChildren } from 'preact';
import { companyPath } from './company-paths';

/*
 * A reason's evidence as run_kyb_check stored it (fields per reason code, docs/kyb.md), shown whole as nested
 * lists, so the page never drops a field the JSON and the PDF hold. Identifiers the app has a page for are
 * links: a company number to its company page, an officer or a PSC to that section of the checked company's page
 * (the app has no page per person).
 */

const OFFICER_KEYS = new Set(['officer_id', 'appointment_id', 'disqualified_officer_id']);

function linkFor(key: string, value: string, checkedCompany: string | null): string | undefined {
  if (key === 'company_number') return companyPath(value);
  if (checkedCompany === null) return undefined;
  if (OFFICER_KEYS.has(key)) return `${companyPath(checkedCompany)}#officers`;
  if (key === 'psc_id') return `${companyPath(checkedCompany)}#pscs`;
  return undefined;
}

export function Evidence(props: { evidence: Record<string, unknown>; checkedCompany: string | null }) {
  const entries = Object.entries(props.evidence);
  if (entries.length === 0) return <p>No evidence fields.</p>;
  return <EvidenceObject value={props.evidence} checkedCompany={props.checkedCompany} />;
}

function EvidenceObject(props: { value: Record<string, unknown>; checkedCompany: string | null }) {
  return (
    <dl class="evidence">
      {Object.entries(props.value).map(([key, value]) => (
        <>
          <dt>{key}</dt>
          <dd>
            <EvidenceValue name={key} value={value} checkedCompany={props.checkedCompany} />
          </dd>
        </>
      ))}
    </dl>
  );
}

function EvidenceValue(props: {
  name: string;
  value: unknown;
  checkedCompany: string | null;
}): ComponentChildren {
  const { name, value, checkedCompany } = props;
  if (value === null || value === undefined) return <span>none</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span>none</span>;
    return (
      <ol class="evidence-items">
        {value.map((item) => (
          <li>
            <EvidenceValue name={name} value={item} checkedCompany={checkedCompany} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') {
    return <EvidenceObject value={value as Record<string, unknown>} checkedCompany={checkedCompany} />;
  }
  const text = String(value);
  const href = typeof value === 'string' ? linkFor(name, text, checkedCompany) : undefined;
  return href ? <a href={href}>{text}</a> : <span>{text}</span>;
}
