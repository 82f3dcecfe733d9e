import { join, resolve } from 'node:path';

export const projectRoot = resolve(__dirname, '..', '..');
export const testCacheDir = join(projectRoot, '.tools', 'test-cache');
export const workflowBundlePath = join(testCacheDir, 'workflow-bundle.js');
export const testServerPath = join(
  projectRoot,
  '.tools',
  'temporal-test-server',
  'bin',
  'temporal-test-server',
);
