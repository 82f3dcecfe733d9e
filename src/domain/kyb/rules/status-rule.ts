import type { CompanyStatus } from '../../companies/company-profile';
import { kybReason } from '../reason-builders';
import type { KybReasonCode } from '../kyb-reasons';
import type { KybRule } from './kyb-rule';

const STATUS_REASONS: Partial<Record<CompanyStatus, KybReasonCode>> = {
  dissolved: 'company_dissolved',
  'converted-closed': 'company_dissolved',
  removed: 'company_dissolved',
  closed: 'company_dissolved',
  liquidation: 'in_liquidation',
  administration: 'in_administration',
  receivership: 'in_receivership',
  'insolvency-proceedings': 'insolvency_proceedings',
  'voluntary-arrangement': 'voluntary_arrangement',
};

const words = (code: string) => code.replace(/-/g, ' ');

/**
 * Statuses that end a company or hand it to an insolvency practitioner fail; a voluntary arrangement (the company
 * trades on under an agreement with its creditors) and a proposal to strike off (often withdrawn once overdue
 * filings arrive) refer. Any other status (active, registered, open) passes.
 */
export const statusRule: KybRule = {
  check: 'status',
  apply({ profile }) {
    const status = profile.company_status;
    const evidence = {
      company_status: status,
      company_status_detail: profile.company_status_detail,
      date_of_cessation: profile.date_of_cessation,
    };
    const reasons = [];
    const code = STATUS_REASONS[status];
    if (code) {
      const since = profile.date_of_cessation ? ` since ${profile.date_of_cessation}` : '';
      reasons.push(
        kybReason(code, `The register gives the company status ${words(status)}${since}.`, evidence),
      );
    }
    if (profile.company_status_detail === 'active-proposal-to-strike-off') {
      reasons.push(
        kybReason(
          'proposal_to_strike_off',
          'A first Gazette notice proposes to strike the company off the register; the proposal still stands.',
          evidence,
        ),
      );
    }
    const detail = profile.company_status_detail ? ` (${words(profile.company_status_detail)})` : '';
    return { reasons, detail: `Company status ${words(status)}${detail}.` };
  },
};
