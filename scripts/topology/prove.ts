// Proofs against the running topology (run.ts up): each prints its checks; the run exits non-zero when one
// fails.
//
//   npx tsx scripts/topology/prove.ts quotas schedule      (any NODE_ENV)
//   npx tsx scripts/topology/prove.ts delivery             (NODE_ENV=development: a loopback receiver)
import { openProofContext, type ProofContext, type ProofReport } from './prove-context';
import { proveDelivery } from './prove-delivery';
import { proveQuotas } from './prove-quotas';
import { proveSchedule } from './prove-schedule';
import { requireState } from './topology-state';

const proofs: Record<string, (context: ProofContext) => Promise<ProofReport>> = {
  quotas: proveQuotas,
  schedule: proveSchedule,
  delivery: proveDelivery,
};

async function main(): Promise<number> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in proofs));
  if (names.length === 0 || unknown.length > 0) {
    console.error(`usage: prove.ts ${Object.keys(proofs).join('|')} …`);
    return 2;
  }
  const context = await openProofContext(requireState());
  const summary: string[] = [];
  let failed = 0;
  try {
    for (const name of names) {
      const started = Date.now();
      try {
        const report = await proofs[name]!(context);
        const held = report.failures.length === 0;
        if (!held) failed++;
        summary.push(
          `${held ? 'PASS' : 'FAIL'} ${name} (${report.seconds()} s)${held ? '' : `: ${report.failures.join('; ')}`}`,
        );
      } catch (error) {
        failed++;
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        summary.push(
          `FAIL ${name} (${seconds} s): ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  } finally {
    await context.close();
  }
  for (const line of summary) console.log(`[prove] ${line}`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[prove] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
