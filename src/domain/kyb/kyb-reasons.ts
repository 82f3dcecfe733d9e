import { z } from 'zod';
import type { KybOutcome } from './kyb-outcome';

/*
 * The KYB rule set: every check a KYB check runs and every reason it can give, each with the outcome it leads
 * to. docs/kyb.md publishes both tables and a unit test compares them with these, so the documentation cannot
 * drift from the code. Codes are part of the public contract: never rename one.
 */

/** The checks in the order they run. */
export const kybChecks = [
  'company',
  'status',
  'name',
  'filings',
  'incorporation',
  'control',
  'identity_verification',
  'disqualification',
  'registered_office',
  'sanctions',
  'insolvency',
  'health',
] as const;
export const kybCheckSchema = z.enum(kybChecks);
export type KybCheck = z.infer<typeof kybCheckSchema>;

export const KYB_CHECKS: Readonly<Record<KybCheck, { description: string }>> = {
  company: {
    description:
      'the company is identified: the company number given is on the register; without a number, exactly one company’s registered name is the stated name after normalisation',
  },
  status: { description: 'the company status and status detail on the register' },
  name: {
    description:
      'the stated name against the registered name and the previous names, after normalisation, with a similarity when they differ',
  },
  filings: { description: 'the accounts and confirmation statement due dates against the day of the check' },
  incorporation: { description: 'the date of incorporation against the day of the check' },
  control: {
    description:
      'the register of persons with significant control: active people and statements, the company’s PSC exemption (listed on a regulated market), and its owners traced up through UK-registered corporate PSCs to natural persons',
  },
  identity_verification: {
    description:
      'Companies House’s identity verification details of the current officers and the active persons with significant control: a verification statement due before the day of the check and not given',
  },
  disqualification: {
    description:
      'Companies House’s disqualified officers linked to the current directors and LLP members: by the officer id Companies House gives, else by name and month and year of birth (a possible link), each order or undertaking judged on the day of the check',
  },
  registered_office: {
    description:
      'the register’s in-dispute and undeliverable flags where held, whether the office is Companies House’s default address, whether it is a PO box, how many active companies share it, and the stated address where given',
  },
  sanctions: {
    description:
      'the company’s name and previous names, its officers, its persons with significant control and every owner its ownership trace reached screened against every sanctions list the account screens (UK, OFAC, EU, UN: its choice)',
  },
  insolvency: { description: 'the insolvency history flag and the insolvency cases held' },
  health: { description: 'the health score’s risk level, with its model version' },
};

/** Months since incorporation under which a company counts as recently incorporated. */
export const RECENT_INCORPORATION_MONTHS = 12;

export const kybReasonCodes = [
  'company_not_found',
  'name_not_found',
  'ambiguous_name',
  'company_dissolved',
  'in_liquidation',
  'in_administration',
  'in_receivership',
  'insolvency_proceedings',
  'voluntary_arrangement',
  'proposal_to_strike_off',
  'name_exact',
  'name_close_match',
  'name_previous_name',
  'name_mismatch',
  'accounts_overdue',
  'confirmation_statement_overdue',
  'recently_incorporated',
  'no_psc_identified',
  'psc_statements_only',
  'psc_exempt_listed_company',
  'no_natural_person_reached',
  'ownership_chain_dissolved',
  'identity_verification_overdue',
  'disqualified_director',
  'disqualification_to_review',
  'registered_office_flagged',
  'registered_office_po_box',
  'registered_office_shared',
  'stated_address_mismatch',
  'sanctions_potential_match',
  'insolvency_history',
  'health_risk_high',
  'health_risk_severe',
  'data_missing',
] as const;
export const kybReasonCodeSchema = z.enum(kybReasonCodes);
export type KybReasonCode = z.infer<typeof kybReasonCodeSchema>;

export interface KybReasonRule {
  /** The check that gives the reason; `any` for data_missing, which every check can give. */
  check: KybCheck | 'any';
  outcome: KybOutcome;
  title: string;
  /** What the reason's evidence holds, in words. */
  evidence: string;
}

export const KYB_REASONS: Readonly<Record<KybReasonCode, KybReasonRule>> = {
  company_not_found: {
    check: 'company',
    outcome: 'fail',
    title: 'No company has the number given',
    evidence: 'company_number as given and as normalised',
  },
  name_not_found: {
    check: 'company',
    outcome: 'unable_to_check',
    title: 'No company has the stated name',
    evidence: 'the stated and normalised names; candidates: up to 5 nearest names from the register search',
  },
  ambiguous_name: {
    check: 'company',
    outcome: 'unable_to_check',
    title: 'Several companies have the stated name',
    evidence: 'candidates: every company whose registered name is the stated name (number, name, status)',
  },
  company_dissolved: {
    check: 'status',
    outcome: 'fail',
    title: 'The company is dissolved or closed',
    evidence: 'company_status (dissolved, converted-closed, removed or closed) and date_of_cessation',
  },
  in_liquidation: {
    check: 'status',
    outcome: 'fail',
    title: 'The company is in liquidation',
    evidence: 'company_status',
  },
  in_administration: {
    check: 'status',
    outcome: 'fail',
    title: 'The company is in administration',
    evidence: 'company_status',
  },
  in_receivership: {
    check: 'status',
    outcome: 'fail',
    title: 'The company is in receivership',
    evidence: 'company_status',
  },
  insolvency_proceedings: {
    check: 'status',
    outcome: 'fail',
    title: 'The company is in insolvency proceedings',
    evidence: 'company_status',
  },
  voluntary_arrangement: {
    check: 'status',
    outcome: 'refer',
    title: 'The company is in a voluntary arrangement',
    evidence: 'company_status',
  },
  proposal_to_strike_off: {
    check: 'status',
    outcome: 'refer',
    title: 'A proposal to strike the company off stands',
    evidence: 'company_status and company_status_detail',
  },
  name_exact: {
    check: 'name',
    outcome: 'pass',
    title: 'The stated name is the registered name',
    evidence: 'the stated, registered and normalised names; legal_form_omitted when the stated name has none',
  },
  name_close_match: {
    check: 'name',
    outcome: 'refer',
    title: 'The stated name is close to the registered name',
    evidence: 'the stated and registered names, their similarity and the threshold',
  },
  name_previous_name: {
    check: 'name',
    outcome: 'refer',
    title: 'The stated name is a previous name of the company',
    evidence:
      'the previous name with its effective_from and ceased_on dates, the similarity and the current name',
  },
  name_mismatch: {
    check: 'name',
    outcome: 'fail',
    title: 'The stated name does not match the company',
    evidence:
      'the stated and registered names, the best similarity among all names compared, and the threshold',
  },
  accounts_overdue: {
    check: 'filings',
    outcome: 'refer',
    title: 'Accounts are overdue',
    evidence: 'next_due and days_overdue on the day of the check',
  },
  confirmation_statement_overdue: {
    check: 'filings',
    outcome: 'refer',
    title: 'The confirmation statement is overdue',
    evidence: 'next_due and days_overdue on the day of the check',
  },
  recently_incorporated: {
    check: 'incorporation',
    outcome: 'refer',
    title: 'The company was incorporated recently',
    evidence: 'date_of_creation, age_days and the threshold in months',
  },
  no_psc_identified: {
    check: 'control',
    outcome: 'refer',
    title: 'No person with significant control is identified',
    evidence:
      'active and ceased counts; the register holds no active person and no active statement; senior_managing_officials',
  },
  psc_statements_only: {
    check: 'control',
    outcome: 'refer',
    title: 'The company gives statements instead of persons with significant control',
    evidence:
      'the active statements, each with its code, description and notified_on date; senior_managing_officials',
  },
  psc_exempt_listed_company: {
    check: 'control',
    outcome: 'pass',
    title: 'The company is exempt from keeping a register of PSCs',
    evidence:
      'the exemption in force (Companies House’s exemption key, its words, exempt_from and exempt_to) and the active and ceased counts',
  },
  no_natural_person_reached: {
    check: 'control',
    outcome: 'refer',
    title: 'No natural person is reached as an owner',
    evidence:
      'each chain’s end in words (stops), the chains with their share bands, and senior_managing_officials: the current directors, the fallback MLR 2017 reg. 28(6)-(7) gives',
  },
  ownership_chain_dissolved: {
    check: 'control',
    outcome: 'refer',
    title: 'The ownership chain runs through a dissolved company',
    evidence:
      'each dissolved or closed company on a chain (number, name, status) and the path from the company checked to it',
  },
  identity_verification_overdue: {
    check: 'identity_verification',
    outcome: 'refer',
    title: 'Identity verification is overdue',
    evidence:
      'as_of and each person overdue: role (officer or psc), name, appointment or psc id, the statement date and due date, days_overdue, identity_verified_on',
  },
  disqualified_director: {
    check: 'disqualification',
    outcome: 'fail',
    title: 'A serving director is disqualified',
    evidence:
      'as_of and each director: the appointment (id, name, role, appointed_on), the disqualified officer (id, kind, the link basis and the fields matched) and each disqualification in force (type, from, until, undertaken_on or heard_on, act, section, description_identifier, company_names, case_identifier, court_name)',
  },
  disqualification_to_review: {
    check: 'disqualification',
    outcome: 'refer',
    title: 'A serving director has a disqualification to review',
    evidence:
      'as_of and each director: the appointment, the disqualified officer and the link basis with the fields matched, why it is a refer (ended, possible_link, not_yet_started, permission_to_act) and each disqualification with its status, and any permissions to act',
  },
  registered_office_flagged: {
    check: 'registered_office',
    outcome: 'refer',
    title: 'The registered office is flagged',
    evidence:
      'which flags are set (in_dispute, undeliverable, companies_house_default_address) and the address',
  },
  registered_office_po_box: {
    check: 'registered_office',
    outcome: 'refer',
    title: 'The registered office is a PO box',
    evidence:
      'kind (po_box or freepost), the address field and its text, the address, and the rule: not an appropriate address since 2024-03-04 (Companies Act 2006 s.86, ECCTA 2023 s.28)',
  },
  registered_office_shared: {
    check: 'registered_office',
    outcome: 'refer',
    title: 'The registered office is shared by many active companies',
    evidence:
      'active_companies at the same postcode and first address line (this one included), the threshold, the postcode and first line compared',
  },
  stated_address_mismatch: {
    check: 'registered_office',
    outcome: 'refer',
    title: 'The stated address is not the registered office',
    evidence:
      'the stated and registered addresses, and which differs (postcode, address_line_1) after normalisation',
  },
  sanctions_potential_match: {
    check: 'sanctions',
    outcome: 'refer',
    title: 'Potential sanctions match for review',
    evidence:
      'the list version and each potential match: who was screened (role: company, officer, psc or owner; an owner with the path of the ownership chain that reached it), score, designation and explanation',
  },
  insolvency_history: {
    check: 'insolvency',
    outcome: 'refer',
    title: 'The company has insolvency history',
    evidence: 'has_insolvency_history and the insolvency cases held (number, type, dates)',
  },
  health_risk_high: {
    check: 'health',
    outcome: 'refer',
    title: 'Health score risk level is high',
    evidence: 'score, grade, risk_level, model_version, as_of and the health rules that fired',
  },
  health_risk_severe: {
    check: 'health',
    outcome: 'refer',
    title: 'Health score risk level is severe',
    evidence: 'score, grade, risk_level, model_version, as_of and the health rules that fired',
  },
  data_missing: {
    check: 'any',
    outcome: 'unable_to_check',
    title: 'Data a check needs is missing',
    evidence: 'the check that could not run and the data it needed',
  },
};
