import { CsrfField, Notice, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { Layout, type Viewer } from '../layout';
import { PlanNote, type PlanRefusal } from './company-plan-note';
import { KYB_NEW_PATH } from './kyb-paths';

/** The form's fields; each is run_kyb_check's argument of the same name, the address's two split out. */
export const KYB_FORM_FIELDS = [
  'client_reference',
  'stated_company_name',
  'company_number',
  'stated_address',
  'idempotency_key',
] as const;

export interface KybFormValues {
  client_reference?: string;
  stated_company_name?: string;
  company_number?: string;
  stated_postcode?: string;
  stated_address_line_1?: string;
}

/** What a KYB check is, said on the form and in place of it on a plan without checks. */
export function KybExplained() {
  return (
    <p>
      A KYB check compares what your customer told you (the company’s name, number and registered office) with
      the register, screens the company, its officers, PSCs and owners against the sanctions lists, and reads
      its filings, status and health score. It answers pass, refer, fail or unable to check, with every reason
      and its evidence, and keeps the record on your account for your compliance file.
    </p>
  );
}

/**
 * `/app/kyb/new`: the facts your customer stated, sent to run_kyb_check. The hidden `idempotency_key` is made when
 * the form is shown: sent twice (a double click, a reload of the POST), the operation answers the one stored check.
 */
export function KybNewPage(props: {
  viewer: Viewer;
  values: KybFormValues;
  idempotencyKey: string;
  planRefusal?: PlanRefusal;
  problem?: FormProblem;
}) {
  const { viewer, values, idempotencyKey, planRefusal, problem } = props;
  const error = (field: (typeof KYB_FORM_FIELDS)[number]) => problem?.fields[field];
  return (
    <Layout title="Run a KYB check" viewer={viewer} section="kyb" sectionSubpage>
      <h1>Run a KYB check</h1>
      <KybExplained />
      {planRefusal ? (
        <PlanNote what="KYB checks" refusal={planRefusal} />
      ) : (
        <>
          {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
          <form method="post" action={KYB_NEW_PATH} id="kyb-form" novalidate>
            <CsrfField token={viewer.csrfToken} />
            <input type="hidden" name="idempotency_key" value={idempotencyKey} />
            <TextField
              id="kyb-client-reference"
              name="client_reference"
              label="Client reference"
              hint="Your reference for the customer or case; you can find the check again by it."
              value={values.client_reference}
              error={error('client_reference')}
              maxLength={200}
              required
            />
            <TextField
              id="kyb-stated-name"
              name="stated_company_name"
              label="Company name as stated"
              hint="As your customer gave it, not as the register has it."
              value={values.stated_company_name}
              error={error('stated_company_name')}
              maxLength={300}
              required
            />
            <TextField
              id="kyb-company-number"
              name="company_number"
              label="Company number (optional)"
              hint="Without it, the stated name is searched and the check runs only if one company has that name."
              value={values.company_number}
              error={error('company_number')}
              maxLength={20}
            />
            <fieldset class="checkbox-group">
              <legend>Registered office as stated (optional)</legend>
              <TextField
                id="kyb-stated-postcode"
                name="stated_postcode"
                label="Postcode"
                hint="A full postcode, such as EC1V 9HL. Needed if you give the first line."
                value={values.stated_postcode}
                error={error('stated_address')}
                maxLength={10}
              />
              <TextField
                id="kyb-stated-line-1"
                name="stated_address_line_1"
                label="First line of the address"
                value={values.stated_address_line_1}
                maxLength={200}
              />
            </fieldset>
            <button type="submit">Run the check</button>
          </form>
        </>
      )}
    </Layout>
  );
}
