import { z } from 'zod';
import { isUniqueViolation } from '../db/unique-violation';
import { normaliseCompanyName } from '../domain/companies/company-name';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { startDeadline } from '../domain/deadline';
import { defaultKybSources } from '../domain/kyb/kyb-default-sources';
import type { KybSources } from '../domain/kyb/kyb-sources';
import { traceStoredOwnership } from '../domain/ownership/store-ownership';
import { replayKybCheck } from '../domain/kyb/kyb-idempotency';
import type { KybCheckRequest } from '../domain/kyb/kyb-request';
import { kybCheckResultSchema } from '../domain/kyb/kyb-result';
import { runKybCheck as runCheck } from '../domain/kyb/run-kyb-check';
import { isFullPostcode } from '../domain/companies/postcode';
import { companyNumberInput } from './company-number-input';
import { idempotencyKeyOf, idempotencyKeySchema } from './idempotency-key';
import { keyedOperation } from './operation';
import { trimmedText } from './trimmed-text';

const input = z
  .object({
    client_reference: trimmedText(1, 200).describe(
      'Your reference for the customer or case (up to 200 characters); list_kyb_checks filters by it',
    ),
    stated_company_name: trimmedText(1, 300)
      .refine((name) => normaliseCompanyName(name) !== '', 'must hold letters or digits')
      .describe('The company name as your customer gave it; up to 300 characters, with letters or digits'),
    company_number: companyNumberInput
      .optional()
      .describe(
        'The company number, if known (8 characters; leading zeros may be left off). Without it the stated name ' +
          'is searched, and the check runs only when exactly one company has that name',
      )
      // Normalised while validating, so a malformed number is refused before the call is charged.
      .transform((raw) => (raw === undefined ? null : requireCompanyNumber(raw, 'company_number'))),
    stated_address: z
      .object({
        postcode: trimmedText(1, 10)
          .refine(isFullPostcode, 'must be a full UK postcode, such as EC1V 9HL')
          .describe('The registered office postcode as your customer gave it (a full postcode)'),
        address_line_1: trimmedText(1, 200)
          .optional()
          .describe(
            'The first address line (building and street), if given; compared after case and punctuation',
          ),
      })
      .strict()
      .optional()
      .describe(
        'The registered office as your customer gave it: a different postcode, or a different first line, is ' +
          'stated_address_mismatch (refer)',
      ),
    idempotency_key: idempotencyKeySchema
      .optional()
      .describe(
        'For clients that cannot send the Idempotency-Key header: repeating a request with the same key answers ' +
          'the stored check again, uncharged',
      ),
  })
  .strict();

function checkRequest(args: z.infer<typeof input>): KybCheckRequest {
  return {
    clientReference: args.client_reference,
    statedCompanyName: args.stated_company_name,
    companyNumber: args.company_number,
    statedAddress:
      args.stated_address === undefined
        ? null
        : {
            postcode: args.stated_address.postcode,
            addressLine1: args.stated_address.address_line_1 ?? null,
          },
  };
}

export const runKybCheck = keyedOperation({
  name: 'run_kyb_check',
  title: 'Run a KYB check',
  description:
    'Know-your-business check of a company against the register, the UK Sanctions List and its health score. ' +
    'Give client_reference, stated_company_name and, if known, company_number. outcome is pass, refer, fail or ' +
    'unable_to_check: the most severe outcome among the reasons given (fail > unable_to_check > refer > pass), ' +
    'and decided_by names the reason that decided it. Each reason has a stable code, its outcome, words and ' +
    'evidence; checks_performed lists every check run, passed ones included; inputs names the register snapshot, ' +
    'sanctions list version and health model used. Without company_number the stated name is searched and the ' +
    'check runs only when exactly one company has it; otherwise the candidates are listed (never a guess). The ' +
    'check is stored on the account (list_kyb_checks). Send the Idempotency-Key header (or idempotency_key) to make ' +
    'a retry safe: the same key answers the stored check again without charging; with a different request it is ' +
    'a conflict. Supports your own due diligence and does not replace it.',
  method: 'POST',
  path: '/kyb/checks',
  successStatus: 201,
  lowestPlan: 'starter',
  cost: 1,
  errors: ['deadline_exceeded'],
  companyOnDemand: (input) => input.company_number,
  // Not read-only: it stores a record. Idempotent only with a key, so not declared idempotent.
  tool: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input,
  output: kybCheckResultSchema,
  async replay(args, { em, account, idempotencyKey }) {
    const key = idempotencyKeyOf(args.idempotency_key, idempotencyKey);
    return key === undefined ? undefined : replayKybCheck(em, account.id, key, checkRequest(args));
  },
  async handler(args, { em, account, now, idempotencyKey, services }) {
    const deadline = startDeadline('KYB check', services.config.SANCTIONS_SCREEN_DEADLINE_MS);
    const key = idempotencyKeyOf(args.idempotency_key, idempotencyKey);
    const request = checkRequest(args);
    try {
      const { liveCompanies } = services;
      // With a Companies House key, an owner company the store does not hold is fetched as the chain reaches it.
      const sources: KybSources =
        liveCompanies === undefined
          ? defaultKybSources
          : {
              ...defaultKybSources,
              traceOwnership: (tx, number, day) =>
                traceStoredOwnership(tx, number, {
                  day,
                  ensureHeld: (owner) => liveCompanies.ensureCurrent(owner),
                }),
            };
      return await runCheck(em, sources, request, {
        accountId: account.id,
        now,
        idempotencyKey: key ?? null,
        deadline,
        sharedOfficeThreshold: services.config.KYB_SHARED_ADDRESS_THRESHOLD,
      });
    } catch (error) {
      // The same key sent twice at once: the first to commit wins and both answers are its check.
      if (key === undefined || !isUniqueViolation(error)) throw error;
      const stored = await replayKybCheck(em.fork(), account.id, key, request);
      if (stored === undefined) throw error;
      return stored;
    }
  },
});
