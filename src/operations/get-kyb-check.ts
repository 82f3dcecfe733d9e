import { z } from 'zod';
import { kybCheckOfAccount } from '../domain/kyb/kyb-check-store';
import { kybCheckResultSchema } from '../domain/kyb/kyb-result';
import { keyedOperation } from './operation';

/** REST only: the spec lists exactly 18 tools, and an agent finds every stored check whole in list_kyb_checks. */
export const getKybCheck = keyedOperation({
  name: 'get_kyb_check',
  title: 'Get one KYB check',
  description:
    'One stored KYB check of this account, whole, exactly as run_kyb_check answered it. Another account’s ' +
    'check is a 404.',
  method: 'GET',
  path: '/kyb/checks/{id}',
  lowestPlan: 'starter',
  cost: 1,
  input: z.object({ id: z.string().min(1).max(80) }).strict(),
  output: kybCheckResultSchema,
  async handler(args, { em, account }) {
    return kybCheckOfAccount(em, account.id, args.id);
  },
});
