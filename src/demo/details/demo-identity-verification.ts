import { dayNumber } from '../../domain/companies/register-dates';
import type { CompanyContext } from './company-context';
import { isoDay, KeyedRandom } from './keyed-random';

/*
 * Companies House's identity_verification_details on a demo director, as the register publishes it since
 * directors began verifying their identity (18 November 2025, ECCTA 2023): most verified, some with a statement
 * due later, some not asked yet, and a few overdue, which the KYB identity_verification check refers (the start-up
 * log names those companies). Drawn from a stream of its own, so the rest of the company's files are what they
 * were before directors carried it.
 */

const VERIFICATION_STARTED = dayNumber(2025, 11, 18);

export function demoIdentityVerification(
  ctx: CompanyContext,
  appointmentId: string,
  appointedOn: number,
): Record<string, unknown> | undefined {
  // Dissolved companies and data made for a day before the duty began carry none.
  if (ctx.end !== ctx.asOf || ctx.asOf < VERIFICATION_STARTED + 30) return undefined;
  const r = new KeyedRandom(ctx.seed, `identity-verification:${appointmentId}`);
  const state = r.weighted([
    ['verified', 55],
    ['due', 22],
    ['not_asked', 19],
    ['overdue', 4],
  ] as const);
  const earliest = Math.max(VERIFICATION_STARTED, appointedOn);
  switch (state) {
    case 'verified': {
      const verified = r.day(earliest, ctx.asOf - 1);
      return {
        identity_verified_on: isoDay(verified),
        appointment_verification_start_on: isoDay(Math.min(verified + r.int(0, 14), ctx.asOf)),
        ...(r.chance(0.3)
          ? {
              authorised_corporate_service_provider_name: 'DEMO FORMATIONS LIMITED',
              anti_money_laundering_supervisory_bodies: ['HM Revenue & Customs'],
            }
          : {}),
      };
    }
    case 'due':
      return { appointment_verification_statement_due_on: isoDay(ctx.asOf + r.int(7, 300)) };
    case 'overdue':
      return { appointment_verification_statement_due_on: isoDay(ctx.asOf - r.int(5, 90)) };
    case 'not_asked':
      return undefined;
  }
}
