import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Router from '@koa/router';
import { notFound } from '../domain/errors';
import type { AppState } from '../http/state';

/** The only files served under /assets/: named here, so no path from a request ever reaches the file system. */
const ASSETS: Record<string, string> = {
  'app.css': 'text/css; charset=utf-8',
  'copy-key.js': 'text/javascript; charset=utf-8',
};

const loaded = new Map<string, Buffer>();

/** Read on first use and kept: a handful of small files that only change with a deploy. */
function assetBody(name: string): Buffer {
  let body = loaded.get(name);
  if (body === undefined) {
    body = readFileSync(join(__dirname, 'assets', name));
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
}
