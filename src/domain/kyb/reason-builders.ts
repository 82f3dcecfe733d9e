import { KYB_REASONS, type KybCheck, type KybReasonCode } from './kyb-reasons';
import type { KybReason } from './kyb-result';

/** A reason with the outcome and title its row of the reason table gives it. */
export function kybReason(code: KybReasonCode, detail: string, evidence: Record<string, unknown>): KybReason {
  const { outcome, title } = KYB_REASONS[code];
  return { code, outcome, title, detail, evidence };
}

/** A check that could not run: names the check and the data it needed. */
export function dataMissing(check: KybCheck, data: string, detail: string): KybReason {
  return kybReason('data_missing', detail, { check, data });
}
