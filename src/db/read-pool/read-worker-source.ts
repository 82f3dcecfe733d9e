/*
 * The read worker's code, as plain CommonJS run with `new Worker(source, { eval: true })`. A string rather than a
 * .ts file because a worker thread does not inherit the loader that runs this process's TypeScript (tsx for
 * `npm start`, swc inside jest, none for the compiled build): plain JavaScript runs the same under all of them and
 * on Node 20, 22 and 24. Keep it small; the pool (read-pool.ts) holds the logic that can be tested from TypeScript.
 *
 * workerData: { bindingPath, databasePath, statementCacheSize, busyTimeoutMs, nice }
 *   bindingPath: the absolute path of the better-sqlite3 build this Node runs (sqlite-binding.ts), resolved by the
 *   parent, so the worker loads the same build without resolving module names from its own working directory.
 *   nice: the thread's own nice value, 0 to leave it (read-pool.ts decides).
 * Messages in:  { id, sql, params }
 * Messages out: { id, rows, ms } | { id, error: { message, code } } | { fatal: { message, code } } (could not open)
 *   ms: how long SQLite took (prepare and run), which decides the SQL text's lane (query-lanes.ts).
 */
export const readWorkerSource = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.bindingPath);

let db;
try {
  // Read-only: a query sent here by mistake that writes fails with SQLite's own "readonly database" error.
  db = new Database(workerData.databasePath, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = ' + Number(workerData.busyTimeoutMs));
  // Below the event loop's thread for the CPU (read-pool.ts, SEARCH_THREAD_NICE; Linux, where it is per thread).
  if (workerData.nice > 0) require('node:os').setPriority(workerData.nice);
} catch (error) {
  parentPort.postMessage({ fatal: { message: String(error && error.message), code: error && error.code } });
  process.exit(1);
}

// Prepared once per SQL text; the oldest unused statement goes when the cache is full (a Map keeps insertion order).
const statements = new Map();
function statementFor(sql) {
  let statement = statements.get(sql);
  if (statement !== undefined) {
    statements.delete(sql);
    statements.set(sql, statement);
    return statement;
  }
  statement = db.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > workerData.statementCacheSize) statements.delete(statements.keys().next().value);
  return statement;
}

// better-sqlite3 binds every JS number as REAL; the ORM path writes whole numbers into the SQL as integers. Binding
// them as BigInt (INTEGER) keeps comparisons with text columns and typeof() the same on both paths.
function bindable(value) {
  return typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value;
}

parentPort.on('message', (message) => {
  try {
    const started = performance.now();
    const rows = statementFor(message.sql).all(message.params.map(bindable));
    parentPort.postMessage({ id: message.id, rows, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({
      id: message.id,
      error: { message: String(error && error.message), code: error && error.code },
    });
  }
});
`;
