import { controlRule } from './rules/control-rule';
import { disqualificationRule } from './rules/disqualification-rule';
import { filingsRule } from './rules/filings-rule';
import { healthRule } from './rules/health-rule';
import { identityVerificationRule } from './rules/identity-verification-rule';
import { incorporationRule } from './rules/incorporation-rule';
import type { KybRule } from './rules/kyb-rule';
import { insolvencyRule } from './rules/insolvency-rule';
import { nameRule } from './rules/name-rule';
import { registeredOfficeRule } from './rules/registered-office-rule';
import { sanctionsRule } from './rules/sanctions-rule';
import { statusRule } from './rules/status-rule';

/** The checks that run once the company is identified, in the order of kybChecks. */
export const COMPANY_RULES: readonly KybRule[] = [
  statusRule,
  nameRule,
  filingsRule,
  incorporationRule,
  controlRule,
  identityVerificationRule,
  disqualificationRule,
  registeredOfficeRule,
  sanctionsRule,
  insolvencyRule,
  healthRule,
];
