import { join, resolve } from 'node:path';

export const projectRoot = resolve(__dirname, '..', '..');
// TEST_CACHE_DIR: worktrees that share one .tools (a symlink) would otherwise overwrite each other's workflow
// bundle while their test runs overlap, and a run would load workflows from another branch.
export const testCacheDir = process.env.TEST_CACHE_DIR ?? join(projectRoot, '.tools', 'test-cache');
export const workflowBundlePath = join(testCacheDir, 'workflow-bundle.js');
export const testServerPath = join(
  projectRoot,
  '.tools',
  'temporal-test-server',
  'bin',
  'temporal-test-server',
);
