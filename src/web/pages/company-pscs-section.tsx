import type { z } from 'zod';
import type { getPersonsWithSignificantControl } from '../../operations/get-persons-with-significant-control';
import { DetailsNotHeldNote, type DetailsGated } from './company-details-note';
import { CompanySection, PlanNote } from './company-plan-note';
import { monthYear } from './company-officers-section';
import { companyPath } from './company-paths';
import { registerWords } from './company-profile-section';

export type PscsAnswer = z.infer<typeof getPersonsWithSignificantControl.output>;

/** Persons with significant control and their natures of control, and the statements made instead of a PSC. */
export function CompanyPscsSection({ pscs }: { pscs: DetailsGated<PscsAnswer> }) {
  return (
    <CompanySection id="pscs" title="Persons with significant control">
      {'planRefusal' in pscs ? (
        <PlanNote what="persons with significant control" refusal={pscs.planRefusal} />
      ) : 'notHeld' in pscs ? (
        <DetailsNotHeldNote what="persons with significant control" />
      ) : (
        <PscList register={pscs.shown} />
      )}
    </CompanySection>
  );
}

function PscList({ register }: { register: PscsAnswer }) {
  if (register.items.length === 0 && register.statements.length === 0)
    return <p>No persons with significant control and no statements are held for this company.</p>;
  return (
    <>
      <p>
        {register.active_count} active, {register.ceased_count} ceased.
      </p>
      <ul class="cards">
        {register.items.map((psc) => (
          <li class="card">
            <p>
              <strong>{psc.name ?? 'Details withheld (super-secure entry)'}</strong>
              {psc.is_active ? '' : ` (ceased ${psc.ceased_on ?? ''})`}
            </p>
            <p class="hint">
              {[
                registerWords(psc.category),
                psc.date_of_birth ? `born ${monthYear(psc.date_of_birth)}` : null,
                psc.nationality,
                psc.notified_on ? `notified ${psc.notified_on}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {psc.natures_of_control.length > 0 ? (
              <ul>
                {psc.natures_of_control.map((nature) => (
                  <li>{nature.description}</li>
                ))}
              </ul>
            ) : (
              <p>No nature of control recorded.</p>
            )}
            {psc.registered_company_number ? (
              <p>
                <a href={companyPath(psc.registered_company_number)}>
                  Company {psc.registered_company_number}
                  <span class="visually-hidden">, the company {psc.name ?? ''}</span>
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {register.statements.length > 0 ? (
        <>
          <h3>Statements</h3>
          <ul>
            {register.statements.map((statement) => (
              <li>
                {statement.description}
                {statement.notified_on ? ` (notified ${statement.notified_on})` : ''}
                {statement.is_active ? '' : ` — withdrawn ${statement.ceased_on ?? ''}`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
