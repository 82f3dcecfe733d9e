import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { importsOf, repoRoot, sourceFilesUnder } from '../architecture/source-imports';

/*
 * Migrations are frozen history (docs/decisions.md): a migration runs on each store whenever that store reaches
 * it, so it must do then exactly what it did when it was written. Importing live code (a domain rule, a shared SQL
 * fragment) would let a later change to that code silently change what an old migration does to a store that has
 * not run it yet. So every file under src/db/migrations imports only files in that folder, node builtins and
 * packages, and carries the SQL and constants it needs as they were.
 */

const migrationsDir = join(repoRoot, 'src/db/migrations');
const inMigrations = (path: string) => path.startsWith('src/db/migrations/');

/** Each import of a migrations file that reaches outside the folder, as "file: specifier". */
function liveImports(absolutePath: string, text?: string): string[] {
  const file = relative(repoRoot, absolutePath);
  return importsOf(absolutePath, text)
    .filter(({ specifier, target }) =>
      // A relative or absolute path leaving the folder; resolved or not, it is not frozen with the migration.
      specifier.startsWith('.') || specifier.startsWith('/')
        ? target === undefined || !inMigrations(target)
        : false,
    )
    .map(({ specifier }) => `${file}: ${specifier}`);
}

describe('src/db/migrations', () => {
  const files = sourceFilesUnder(migrationsDir);

  it('holds the migrations (the walk finds them)', () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
    expect(files.map((file) => relative(migrationsDir, file))).toContain('0010-latest-figures.ts');
  });

  it('imports nothing outside the folder but node builtins and packages', () => {
    expect(files.flatMap((file) => liveImports(file))).toEqual([]);
  });

  it('names no live path under src/domain, even in a comment', () => {
    // A comment that points at live code reads as "this is what the migration does", which stops being true the
    // day that code changes.
    const named = files.filter((file) => readFileSync(file, 'utf8').includes('domain/'));
    expect(named.map((file) => relative(repoRoot, file))).toEqual([]);
  });
});

describe('the frozen-migration check', () => {
  const file = join(migrationsDir, '0099-example.ts');
  const check = (text: string) => liveImports(file, text);

  it('finds an import of live code however it is written', () => {
    expect(check("import { statusRankSql } from '../../domain/companies/search/status-rank';")).toEqual([
      'src/db/migrations/0099-example.ts: ../../domain/companies/search/status-rank',
    ]);
    expect(check("import type {\n  X,\n} from '../entities/company';")).toHaveLength(1);
    expect(check("export { x } from '../read-query';")).toHaveLength(1);
    expect(check("const m = require('../orm');")).toHaveLength(1);
    expect(check("async function f() { await import('../../config'); }")).toHaveLength(1);
    // A path that names no file is refused too: it could only mean something outside the folder.
    expect(check("import { x } from '../../domain/gone';")).toHaveLength(1);
  });

  it('allows the folder itself, node builtins and packages', () => {
    expect(
      check(
        "import { Migration } from '@mikro-orm/migrations';\n" +
          "import { createHash } from 'node:crypto';\n" +
          "import { isPostgres } from './schema-builder';\n",
      ),
    ).toEqual([]);
  });

  it('does not take an import written in a comment or a string for one', () => {
    expect(check("// import { x } from '../../domain/x';\nconst sql = \"from '../../domain/x'\";")).toEqual(
      [],
    );
  });
});
