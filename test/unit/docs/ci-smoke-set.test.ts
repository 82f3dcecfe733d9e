import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Node 22 and 24 run the unit tier and a named smoke set of integration files (scripts/ci/node-versions.sh).
// docs/testing.md names the same files and what each proves: a file added to one and not the other, or renamed
// away, would leave a later Node proving less than the page says.

const root = join(__dirname, '../../..');

/** The `smoke=( … )` array of the script: one path a line, a comment after it. */
function smokeSetOfScript(script: string): string[] {
  const body = /^smoke=\(\n([\s\S]*?)^\)/m.exec(script)?.[1];
  if (body === undefined) throw new Error('no smoke=( … ) array in scripts/ci/node-versions.sh');
  return body
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '');
}

/** The integration files the "Node 22 and 24" paragraph names, as `name` in backquotes. */
function smokeSetOfDoc(doc: string): string[] {
  const paragraph = /^- \*\*Node 22 and 24\*\*[\s\S]*?(?=\n- \*\*)/m.exec(doc)?.[0];
  if (paragraph === undefined) throw new Error('no "Node 22 and 24" paragraph in docs/testing.md');
  return [...paragraph.matchAll(/`([a-z/-]+)`/g)].map((m) => `test/integration/${m[1]}.test.ts`);
}

describe('the Node 22/24 smoke set', () => {
  const script = readFileSync(join(root, 'scripts/ci/node-versions.sh'), 'utf8');
  const doc = readFileSync(join(root, 'docs/testing.md'), 'utf8');

  it('names the same files in the script and in docs/testing.md', () => {
    expect([...smokeSetOfDoc(doc)].sort()).toEqual([...smokeSetOfScript(script)].sort());
  });

  it('names files that exist', () => {
    const missing = smokeSetOfScript(script).filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it('tells a file missing from the page from one the page names', () => {
    const withExtra = script.replace('smoke=(\n', 'smoke=(\n  test/integration/lists.test.ts # lists\n');
    expect(smokeSetOfScript(withExtra)).toContain('test/integration/lists.test.ts');
    expect(smokeSetOfDoc(doc)).not.toContain('test/integration/lists.test.ts');
  });
});
