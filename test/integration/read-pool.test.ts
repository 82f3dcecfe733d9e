import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { ServiceError } from '../../src/domain/errors';
import { openDatabase, type Orm } from '../../src/db/orm';
import { attachReadPool, closeReadPool } from '../../src/db/read-pool/attached-read-pool';
import { ReadPool } from '../../src/db/read-pool/read-pool';
import { readRows, type ReadParam } from '../../src/db/read-query';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/*
 * The read pool runs on SQLite only; these tests open their own SQLite file whatever TEST_DATABASE_URL says. The
 * last block (a read inside a transaction) runs on the configured test database, PostgreSQL included.
 */

/** Counts to `n` one row at a time: seconds of SQLite work on one thread, no table needed. */
const slowCount =
  'with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) select count(*) as c from n';
const SLOW_STEPS = 1_500_000;

const sample = `create table sample (id integer primary key, code text, amount real, note text)`;
const sampleRows = `insert into sample (id, code, amount, note) values
  (1, '5', 1.5, 'five'), (2, '05', 2, null), (3, 'abc', -3.25, 'it''s'), (4, '7', 0, '')`;

/** A SQLite file of its own holding the sample table, with the read pool attached as the service attaches it. */
async function openSampleStore(threads: number) {
  const dir = mkdtempSync(join(tmpdir(), 'cds-read-pool-'));
  const database = { kind: 'sqlite' as const, path: join(dir, 'app.db') };
  const orm = await openDatabase(database);
  const connection = orm.em.fork().getConnection();
  await connection.execute(sample, [], 'run');
  await connection.execute(sampleRows, [], 'run');
  const pool = attachReadPool(orm, database, { threads });
  const close = async () => {
    await closeReadPool(orm);
    await orm.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { orm, pool, close };
}

describe('read pool (SQLite)', () => {
  let orm: Orm;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ orm, close } = await openSampleStore(2));
  });

  afterAll(() => close());

  it('runs a slow read off the event loop: timers and a quick read go on while it runs', async () => {
    const events: string[] = [];
    let turns = 0;
    let slowDone = false;
    const spin = () => {
      if (slowDone) return;
      turns += 1;
      setImmediate(spin);
    };
    setImmediate(spin);
    const slow = readRows<{ c: number }>(orm.em.fork(), slowCount, [SLOW_STEPS]).then((rows) => {
      slowDone = true;
      events.push('slow');
      return rows;
    });
    const quick = readRows<{ one: number }>(orm.em.fork(), 'select 1 as one', []).then((rows) => {
      events.push(`quick after ${turns} turns`);
      return rows;
    });
    const [slowRows, quickRows] = await Promise.all([slow, quick]);
    expect(slowRows).toEqual([{ c: SLOW_STEPS }]);
    expect(quickRows).toEqual([{ one: 1 }]);
    // On the event-loop thread the slow count would finish first and the loop would turn a handful of times.
    expect(events[0]).toMatch(/^quick/);
    expect(events[1]).toBe('slow');
    expect(turns).toBeGreaterThan(100);
  });

  // Both ways a read leaves readRows on SQLite: to a read thread, or inline when the caller declares a point read.
  describe.each([
    { way: 'on a read thread', options: {}, id: 10 },
    { way: 'inline, as a point read', options: { pointRead: true }, id: 30 },
  ])('$way', ({ options, id }) => {
    const read = (em: EntityManager, sql: string, params: ReadParam[]) => readRows(em, sql, params, options);

    it('returns what the ORM connection returns for the same SQL and params', async () => {
      const queries: Array<[string, ReadParam[]]> = [
        ['select * from sample order by id', []],
        ['select id, code from sample where code = ? order by id', [5]],
        ['select id from sample where code = ?', ['05']],
        ['select id, amount from sample where amount > ? order by id', [-4.5]],
        ['select id from sample where note is ? order by id', [null]],
        ['select typeof(?) as i, typeof(?) as r, typeof(?) as t, typeof(?) as n', [5, 5.5, 'x', null]],
        ['select ? as quoted', ["it's; drop table sample"]],
        ['select * from sample where id = ?', [99]],
        ['select id from sample where id < 5 order by id limit ? offset ?', [2, 1]],
        // Column names as rows take them (inline reads build the objects themselves: row-builder.ts).
        ['select id as a, code as a from sample where id = ?', [3]],
        ['select id as "__proto__", code from sample where id = ?', [3]],
        [`select id as "it's ""odd""\\n", note as "${'${x}'}" from sample where id = ?`, [3]],
      ];
      for (const [sql, params] of queries) {
        const viaOrm = await orm.em
          .fork()
          .getConnection()
          .execute(sql, [...params]);
        expect({ sql, rows: await read(orm.em.fork(), sql, params) }).toEqual({ sql, rows: viaOrm });
      }
      // Where they differ readRows is right: the ORM writes params into the SQL text, a `?` inside a literal too.
      expect(await read(orm.em.fork(), "select 'a?b' as literal, ? as p", ['x'])).toEqual([
        { literal: 'a?b', p: 'x' },
      ]);
    });

    it('sees what the ORM committed a moment before', async () => {
      const em = orm.em.fork();
      await em.getConnection().execute(`insert into sample (id, code) values (?, 'new')`, [id], 'run');
      expect(await read(em, 'select code from sample where id = ?', [id])).toEqual([{ code: 'new' }]);
    });

    it('fails a bad query with an Error carrying SQLite’s message and code', async () => {
      const error = await read(orm.em.fork(), 'selec 1', []).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ message: 'near "selec": syntax error', code: 'SQLITE_ERROR' });
      const viaOrm = await orm.em
        .fork()
        .getConnection()
        .execute('selec 1')
        .catch((e: unknown) => e);
      expect((viaOrm as Error).message.endsWith((error as Error).message)).toBe(true);

      await expect(read(orm.em.fork(), 'select * from no_such_table', [])).rejects.toThrow(
        'no such table: no_such_table',
      );
      // The connections are read-only: a write sent down the read path cannot change the store.
      await expect(read(orm.em.fork(), `delete from sample where id = ?`, [1])).rejects.toThrow(
        /readonly database|does not return data/,
      );
      await expect(read(orm.em.fork(), 'select ? as a', [])).rejects.toThrow(/parameter/i);
      // Reads go on being answered after errors.
      expect(await read(orm.em.fork(), 'select count(*) as n from sample where id = ?', [1])).toEqual([
        { n: 1 },
      ]);
    });

    it('reads inside a transaction on the transaction’s connection, seeing its uncommitted writes', async () => {
      await orm.em.fork().transactional(async (tx) => {
        await tx
          .getConnection()
          .execute(
            `insert into sample (id, code) values (?, 'uncommitted')`,
            [id + 1],
            'run',
            tx.getTransactionContext(),
          );
        expect(await read(tx, 'select code from sample where id = ?', [id + 1])).toEqual([
          { code: 'uncommitted' },
        ]);
        // Outside it the write is not there yet: this is why the transaction's reads stay on its connection.
        expect(await read(orm.em.fork(), 'select code from sample where id = ?', [id + 1])).toEqual([]);
      });
      expect(await read(orm.em.fork(), 'select code from sample where id = ?', [id + 1])).toEqual([
        { code: 'uncommitted' },
      ]);
    });
  });
});

describe('point reads (SQLite): inline on the event-loop thread', () => {
  let orm: Orm;
  let pool: ReadPool | undefined;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ orm, pool, close } = await openSampleStore(1));
  });

  afterAll(() => close());

  it('never start a read thread', async () => {
    for (const id of [1, 2, 3, 99])
      await readRows(orm.em.fork(), 'select * from sample where id = ?', [id], { pointRead: true });
    expect(pool?.runningThreads()).toBe(0);
    await readRows(orm.em.fork(), 'select * from sample where id = ?', [1]);
    expect(pool?.runningThreads()).toBe(1);
  });

  it('run at once: the answer is ready before a read thread could have been reached', async () => {
    const order: string[] = [];
    const pooled = readRows(orm.em.fork(), 'select 1 as one', []).then(() => order.push('pooled'));
    const inline = readRows(orm.em.fork(), 'select id from sample where id = ?', [1], {
      pointRead: true,
    }).then(() => order.push('point'));
    await Promise.all([pooled, inline]);
    expect(order).toEqual(['point', 'pooled']);
  });

  it('keep every value under its own column while another connection changes the table', async () => {
    const named = 'select code, id, note from sample where id = ?';
    const star = 'select * from sample where id = ?';
    const point = (sql: string) => readRows(orm.em.fork(), sql, [3], { pointRead: true });
    expect(await point(named)).toEqual([{ code: 'abc', id: 3, note: "it's" }]);
    expect(await point(star)).toEqual([{ id: 3, code: 'abc', amount: -3.25, note: "it's" }]);
    // As a newer version's migration would, from another connection, while the statements stay prepared.
    const connection = orm.em.fork().getConnection();
    await connection.execute(`alter table sample add column extra text default 'x'`, [], 'run');
    await connection.execute(`alter table sample drop column amount`, [], 'run');
    expect(await point(named)).toEqual([{ code: 'abc', id: 3, note: "it's" }]);
    expect(await point(star)).toEqual([{ id: 3, code: 'abc', note: "it's", extra: 'x' }]);
  });
});

describe('read pool threads', () => {
  let dir: string;
  let databasePath: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cds-read-pool-'));
    databasePath = join(dir, 'app.db');
    const orm = await openDatabase({ kind: 'sqlite', path: databasePath });
    await orm.close();
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A stand-in worker that dies, throws or never answers on cue, to test what the pool does about it. */
  const cueWorker = String.raw`
    const { parentPort } = require('node:worker_threads');
    parentPort.on('message', (m) => {
      if (m.sql === 'exit') process.exit(3);
      if (m.sql === 'throw') throw new Error('thrown in the thread');
      if (m.sql === 'hang') return;
      parentPort.postMessage({ id: m.id, rows: [{ sql: m.sql, params: m.params }] });
    });`;

  it('ends every thread on close, failing reads still running or queued and refusing new ones', async () => {
    const pool = new ReadPool({ databasePath, threads: 2 });
    expect(pool.runningThreads()).toBe(0); // started on first use
    expect(await pool.read('select 1 as one', [])).toEqual([{ one: 1 }]);
    const running = [pool.read(slowCount, [SLOW_STEPS]), pool.read(slowCount, [SLOW_STEPS])];
    const queued = pool.read('select 2', []);
    const outcomes = Promise.allSettled([...running, queued]);
    expect(pool.runningThreads()).toBe(2);
    await pool.close();
    expect(pool.runningThreads()).toBe(0);
    expect(
      (await outcomes).map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'answered')),
    ).toEqual([
      'the read pool closed before the query ran',
      'the read pool closed before the query ran',
      'the read pool closed before the query ran',
    ]);
    await expect(pool.read('select 1', [])).rejects.toThrow(/closed/);
  });

  it('replaces a thread that dies, failing only the query it was running', async () => {
    const pool = new ReadPool({ databasePath, threads: 1, workerSource: cueWorker });
    try {
      await expect(pool.read('exit', [])).rejects.toThrow(/exited \(code 3\)/);
      await expect(pool.read('throw', [])).rejects.toThrow('thrown in the thread');
      expect(await pool.read('after', [1])).toEqual([{ sql: 'after', params: [1] }]);
      expect(pool.runningThreads()).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('fails a query whose thread cannot open the database, and opens it once it exists', async () => {
    const later = join(dir, 'later.db');
    const pool = new ReadPool({ databasePath: later, threads: 1 });
    try {
      await expect(pool.read('select 1', [])).rejects.toMatchObject({ code: 'SQLITE_CANTOPEN' });
      const orm = await openDatabase({ kind: 'sqlite', path: later });
      await orm.em.fork().getConnection().execute('create table t (x integer)', [], 'run');
      await orm.close();
      expect(await pool.read('select count(*) as n from t', [])).toEqual([{ n: 0 }]);
    } finally {
      await pool.close();
    }
  });

  it('refuses a read with ServiceError unavailable when the queue is full', async () => {
    const pool = new ReadPool({ databasePath, threads: 1, maxQueued: 2, workerSource: cueWorker });
    const waiting = [pool.read('hang', []), pool.read('queued 1', []), pool.read('queued 2', [])];
    waiting.forEach((read) => read.catch(() => undefined));
    const refused = await pool.read('one too many', []).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ code: 'unavailable' });
    await pool.close();
  });

  it('gives reads that have proven quick a thread of their own, so they do not wait behind slow ones', async () => {
    // A quick run is under 20 ms here, not the default 1 ms: a loaded test machine can pause a thread that long.
    const lanes = { quickMs: 20, quickRunsNeeded: 4, remembered: 100 };
    const pool = new ReadPool({ databasePath, threads: 1, lanes });
    try {
      for (let i = 0; i < 4; i++) await pool.read('select ? as n', [i]);
      const order: string[] = [];
      const slow = [1, 2, 3].map((i) =>
        pool.read(slowCount, [SLOW_STEPS]).then(() => order.push(`slow ${i}`)),
      );
      await pool.read('select ? as n', [99]).then(() => order.push('quick'));
      await Promise.all(slow);
      // With one thread for everything the quick read would come after all three slow ones.
      expect(order[0]).toBe('quick');
      expect(pool.runningThreads()).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('sends a read its caller says is bounded to the quick lane, before its SQL has any record', async () => {
    const pool = new ReadPool({ databasePath, threads: 1 });
    try {
      const order: string[] = [];
      const slow = [1, 2].map((i) => pool.read(slowCount, [SLOW_STEPS]).then(() => order.push(`slow ${i}`)));
      await pool.read('select ? as n', [1], { bounded: true }).then(() => order.push('bounded'));
      await Promise.all(slow);
      expect(order[0]).toBe('bounded');
      expect(pool.runningThreads()).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('runs the search threads below the event loop for the CPU, and the quick thread beside it (Linux)', async () => {
    // Linux keeps a nice value per thread: /proc lists this process's threads with theirs (field 19 of stat).
    const niceOfThreads = () =>
      readdirSync('/proc/self/task').map((task) => {
        const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const niced = () => niceOfThreads().filter((nice) => nice === 10).length;
    const before = niced();
    const pool = new ReadPool({ databasePath, threads: 2 });
    try {
      // Two slow reads start both threads of the `any` lane; a bounded one starts the quick thread.
      const slow = [pool.read(slowCount, [SLOW_STEPS]), pool.read(slowCount, [SLOW_STEPS])];
      expect(await pool.read('select 1 as one', [], { bounded: true })).toEqual([{ one: 1 }]);
      await Promise.all(slow);
      expect(pool.runningThreads()).toBe(3);
      expect(niced() - before).toBe(2);
    } finally {
      await pool.close();
    }
    expect(getPriority()).toBe(0); // this thread, the event loop's, kept its own
  });

  it('needs at least one thread', () => {
    expect(() => new ReadPool({ databasePath, threads: 0 })).toThrow(/at least one thread/);
    expect(() => new ReadPool({ databasePath, threads: 1.5 })).toThrow(/at least one thread/);
  });
});

describe('readRows on the configured test database', () => {
  let db: TestDatabase;
  let orm: Orm;

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openDatabase(db.database);
    await orm.em
      .fork()
      .getConnection()
      .execute('create table sample (id integer primary key, code text)', [], 'run');
    attachReadPool(orm, db.database, { threads: 1 });
  });

  afterAll(async () => {
    await closeReadPool(orm);
    await orm.close();
    await db.drop();
  });

  it('sees a transaction’s own uncommitted writes when read inside it', async () => {
    await orm.em.fork().transactional(async (tx) => {
      await tx
        .getConnection()
        .execute(`insert into sample (id, code) values (1, 'mine')`, [], 'run', tx.getTransactionContext());
      expect(await readRows(tx, 'select code from sample where id = ?', [1])).toEqual([{ code: 'mine' }]);
    });
  });
});
