import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from '@temporalio/worker';
import { historyFromFile } from '../support/history-json';
import { projectRoot } from '../support/paths';
import { workflowBundle } from '../support/workflow-bundle';

// Histories recorded from real runs (test/workflow/record-histories.ts). Today's workflow code must replay each
// of them to the same commands: a workflow change that would break running workflows fails here, and needs
// `patched()` instead.
const dir = join(projectRoot, 'test/fixtures/histories');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('workflow replay against stored histories', () => {
  it('has histories to replay', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'webhook-delivery-retried-then-delivered.json',
        'secret-rotation-one-secret.json',
        'change-check-two-steps.json',
      ]),
    );
  });

  it.each(files)('replays %s', async (file) => {
    const history = historyFromFile(readFileSync(join(dir, file), 'utf8'));
    await expect(
      Worker.runReplayHistory({ workflowBundle: workflowBundle() }, history, file.replace(/\.json$/, '')),
    ).resolves.toBeUndefined();
  });
});
