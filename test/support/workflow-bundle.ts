import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { bundleWorkflowCode } from '@temporalio/worker';
import { projectRoot, testCacheDir, workflowBundlePath } from './paths';

/** Bundles src/workflows once per test run (webpack takes seconds); tests load it by path. */
export async function bundleWorkflowsOnce(): Promise<void> {
  mkdirSync(testCacheDir, { recursive: true });
  const { code } = await bundleWorkflowCode({
    workflowsPath: require.resolve(`${projectRoot}/src/workflows`),
    logger: {
      log: () => undefined,
      trace: () => undefined,
      debug: () => undefined,
      info: () => undefined,
      warn: console.warn,
      error: console.error,
    },
  });
  // Written aside and renamed into place: CI runs the SQLite and PostgreSQL suites at once, and a file of one run
  // must never read the bundle half rewritten by the other's setup.
  const staging = `${workflowBundlePath}.${process.pid}`;
  writeFileSync(staging, code);
  renameSync(staging, workflowBundlePath);
}

export function workflowBundle(): { code: string } {
  if (!existsSync(workflowBundlePath))
    throw new Error(`No workflow bundle at ${workflowBundlePath}: run through jest`);
  return { code: readFileSync(workflowBundlePath, 'utf8') };
}
