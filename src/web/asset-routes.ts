import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type Router from '@koa/router';
import { notFound } from '../domain/errors';
import type { AppState } from '../http/state';

/** The only files served under /assets/: named here, so no path from a request ever reaches the file system. */
const ASSETS: Record<string, string> = {
  'app.css': 'text/css; charset=utf-8',
  'copy-key.js': 'text/javascript; charset=utf-8',
  'company-charts.js': 'text/javascript; charset=utf-8',
};

/**
 * Browser builds of npm packages, under /assets/vendor/: found in node_modules at run time (never copied into the
 * source tree, so the installed version is the one served, in dist as in development).
 */
const VENDOR_ASSETS: Record<string, { type: string; path: () => string }> = {
  // chart.js exports only its module builds; its UMD build sits beside the CommonJS one in dist/.
  'chart.umd.js': {
    type: 'text/javascript; charset=utf-8',
    path: () => join(dirname(require.resolve('chart.js')), 'chart.umd.js'),
  },
};

const loaded = new Map<string, Buffer>();

/** Read on first use and kept: a handful of small files that only change with a deploy. */
function assetBody(name: string, path: () => string = () => join(__dirname, 'assets', name)): Buffer {
  let body = loaded.get(name);
  if (body === undefined) {
    body = readFileSync(path());
    loaded.set(name, body);
  }
  return body;
}

export function assetRoutes(router: Router<AppState>): void {
  router.get('/assets/:name', (ctx) => {
    const name = ctx.params.name ?? '';
    const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (type === undefined) throw notFound('Asset', { path: ctx.path });
    ctx.type = type;
    // Short-lived: the names carry no version, and a deploy must reach browsers within minutes.
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = assetBody(name);
  });

  router.get('/assets/vendor/:name', (ctx) => {
    const name = ctx.params.name ?? '';
    const vendor = Object.hasOwn(VENDOR_ASSETS, name) ? VENDOR_ASSETS[name] : undefined;
    if (vendor === undefined) throw notFound('Asset', { path: ctx.path });
    ctx.type = vendor.type;
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = assetBody(`vendor/${name}`, vendor.path);
  });
}
