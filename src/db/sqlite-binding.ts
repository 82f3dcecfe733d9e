import type BetterSqlite3 from 'better-sqlite3';

/**
 * Which build of better-sqlite3 this Node can run. Two are installed (package.json):
 * - `better-sqlite3` 11.x, the version MikroORM pins, compiled from source at `npm install` against this machine's
 *   Node. On Node 24 it aborts the process (`RemoveEnvironmentCleanupHook: Assertion failed: (env) != nullptr`)
 *   when the garbage collector frees a statement: releases up to 12.x wrap their objects in Node's own
 *   ObjectWrap, whose destructor changed in Node 24.
 * - `better-sqlite3-napi`, an alias of better-sqlite3 13.x: rewritten on Node-API, with prebuilt binaries in its
 *   npm package (nothing is compiled or downloaded), but it needs Node 22 or later (it crashes on Node 20's
 *   Node-API 9).
 * So Node 20 takes the compiled build and Node 22 and later the Node-API one. Both open the same files.
 */
export const sqliteBindingName =
  nodeMajor(process.versions.node) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

export function nodeMajor(version: string): number {
  return Number(version.split('.')[0]);
}

let loaded: typeof BetterSqlite3 | undefined;

/** The better-sqlite3 constructor for this Node (see above), loaded once. */
export function betterSqlite3(): typeof BetterSqlite3 {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module is chosen at run time
  loaded ??= require(sqliteBindingName) as typeof BetterSqlite3;
  return loaded;
}
