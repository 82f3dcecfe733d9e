import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  writeFileSync(workflowBundlePath, code);
}

export function workflowBundle(): { code: string } {
  if (!existsSync(workflowBundlePath))
    throw new Error(`No workflow bundle at ${workflowBundlePath}: run through jest`);
  return { code: readFileSync(workflowBundlePath, 'utf8') };
}
