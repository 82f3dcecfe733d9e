import { join } from 'node:path';
import { importCircles, importGraphOf, importsOf, repoRoot, type ImportGraph } from './source-imports';

/*
 * No import circle anywhere in src/ (docs/decisions.md, "Migrations are frozen history"): dependencies point down,
 * http → operations → domain → db. A circle means two modules cannot be understood, loaded or tested apart, and
 * under CommonJS one of them sees the other half-initialised. Type-only imports count too: a type circle is the
 * same tangle of concepts, and is one `import` away from a run-time one.
 */

const sourceGraph = importGraphOf(join(repoRoot, 'src'));

describe('the import graph of src/', () => {
  it('is read from every source file, index files and .tsx included', () => {
    expect(sourceGraph.size).toBeGreaterThan(500);
    const targets = (file: string) => sourceGraph.get(file)!.map(({ target }) => target);
    // './entities' is a folder: its index file.
    expect(targets('src/db/orm.ts')).toContain('src/db/entities/index.ts');
    // './layout' is a .tsx file.
    expect(targets('src/web/page-inputs.ts')).toContain('src/web/layout.tsx');
  });

  it('has no import circle', () => {
    const circles = importCircles(sourceGraph).map((circle) => circle.join(' → '));
    expect(circles).toEqual([]);
  });
});

/** A graph from a plain description, for the circle finder's own tests. */
const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(
    Object.entries(edges).map(([file, targets]) => [
      file,
      targets.map((target) => ({ specifier: target, target, typeOnly: false })),
    ]),
  );

describe('the circle finder', () => {
  it('finds none in a graph that only points down', () => {
    expect(importCircles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('names every file of a circle, from the first in path order back to it', () => {
    expect(importCircles(graphOf({ x: ['c'], c: ['a'], a: ['b'], b: ['c'] }))).toEqual([
      ['a', 'b', 'c', 'a'],
    ]);
  });

  it('finds a file that imports itself, and each separate circle once', () => {
    const circles = importCircles(graphOf({ a: ['a'], b: ['c'], c: ['b', 'd'], d: ['e'], e: ['d'] }));
    expect(circles.map((circle) => circle.join(' ')).sort()).toEqual(['a a', 'b c b', 'd e d']);
  });

  it('ignores imports of packages and of files outside the graph', () => {
    const graph: ImportGraph = new Map([
      ['a', [{ specifier: 'zod', target: undefined, typeOnly: false }]],
      ['b', [{ specifier: '../elsewhere', target: 'elsewhere', typeOnly: false }]],
    ]);
    expect(importCircles(graph)).toEqual([]);
  });

  it('shows the circles the source had before they were broken', () => {
    // The two circles issue 36 found, as the files stood: search-companies.ts ↔ its tail reader through a type,
    // and the read pool ↔ read-query through the bound-value type.
    const file = (path: string) => join(repoRoot, path);
    const graph: ImportGraph = new Map([
      [
        'src/domain/companies/search-companies.ts',
        importsOf(
          file('src/domain/companies/search-companies.ts'),
          "import { readTail } from './search/tail-read';",
        ),
      ],
      [
        'src/domain/companies/search/tail-read.ts',
        importsOf(
          file('src/domain/companies/search/tail-read.ts'),
          "import type { SearchSizing } from '../search-companies';",
        ),
      ],
    ]);
    expect(importCircles(graph)).toEqual([
      [
        'src/domain/companies/search-companies.ts',
        'src/domain/companies/search/tail-read.ts',
        'src/domain/companies/search-companies.ts',
      ],
    ]);
  });
});
