import { existsSync } from 'node:fs';
import { testServerPath } from './paths';
import { bundleWorkflowsOnce } from './workflow-bundle';

export default async function globalSetup(): Promise<void> {
  if (!existsSync(testServerPath)) {
    throw new Error(
      'The Temporal time-skipping test server is missing: run `npm run setup` (npm test does it).',
    );
  }
  await bundleWorkflowsOnce();
}
