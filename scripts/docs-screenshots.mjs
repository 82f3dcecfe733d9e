#!/usr/bin/env node
// Copies the web app's screenshots shown in docs/web-app.md from the browser journey's test artefacts into
// docs/screenshots/. Run the journey first (it writes them), then this:
//
//   npx jest test/integration/web/web-journey-browser.test.ts test/integration/web/web-kyb-journey-browser.test.ts \
//     --selectProjects integration
//   node scripts/docs-screenshots.mjs
//
// The journey saves each page twice: full page (the test artefact) and the window's view, which is what the docs
// show, since a full page at desktop width makes a PNG too large to keep in the repository. The copies drop the
// journey's step number (journey-07-list-settings-free-phone.png becomes list-settings-free-phone.png), so the
// docs' links survive a step added to the journey.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const source = join(root, 'test-artifacts', 'screenshots', 'viewport');
const target = join(root, 'docs', 'screenshots');
const MAX_BYTES = 150 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The journey's pages the docs show (its screenshot names without the step number), and the name in the docs. */
const shown = [
  ['lists', 'lists'],
  ['list-settings-free', 'list-settings-free'],
  ['company', 'company'],
  ['alerts', 'alerts'],
  ['delivery', 'delivery'],
  ['webhook-secret-revealed', 'webhook-secret'],
  ['sanctions', 'sanctions'],
  // From the KYB journey (test/integration/web/web-kyb-journey-browser.test.ts, kyb-journey-NN-…).
  ['company-search', 'company-search'],
  ['kyb-free', 'kyb-free'],
  ['kyb-new', 'kyb-new'],
  ['kyb-check', 'kyb-check'],
  ['kyb-checks', 'kyb-checks'],
  ['company-sanctions', 'company-sanctions'],
  ['screen', 'screen'],
];
const widths = ['desktop', 'phone'];

function fail(message) {
  console.error(`docs-screenshots: ${message}`);
  process.exit(1);
}

if (!existsSync(source)) {
  fail(`no screenshots in ${source}: run the browser journey first (see the top of this script)`);
}
const available = readdirSync(source);
const copies = [];
for (const [page, name] of shown) {
  for (const width of widths) {
    const pattern = new RegExp(`^(?:kyb-)?journey-\\d+-${page}-${width}\\.png$`);
    const found = available.filter((file) => pattern.test(file));
    if (found.length !== 1) {
      fail(`expected one journey screenshot of ${page} at ${width} in ${source}, found ${found.length}`);
    }
    const from = join(source, found[0]);
    const bytes = statSync(from).size;
    if (!readFileSync(from).subarray(0, 8).equals(PNG_SIGNATURE)) fail(`${from} is not a PNG`);
    if (bytes > MAX_BYTES) fail(`${from} is ${bytes} bytes, over the ${MAX_BYTES} the docs allow`);
    copies.push({ from, to: `${name}-${width}.png`, bytes });
  }
}

mkdirSync(target, { recursive: true });
// A screenshot the docs no longer show is removed, so the folder holds exactly what web-app.md links to.
const kept = new Set(copies.map((copy) => copy.to));
for (const file of readdirSync(target)) {
  if (file.endsWith('.png') && !kept.has(file)) rmSync(join(target, file));
}
for (const copy of copies) {
  copyFileSync(copy.from, join(target, copy.to));
  console.log(`docs/screenshots/${copy.to}  ${(copy.bytes / 1024).toFixed(0)} KB`);
}
