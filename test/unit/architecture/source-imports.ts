import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/*
 * The import graph of the source tree as the TypeScript compiler reads it (ts.preProcessFile finds every static
 * import, export-from, require and import() the way tsc does, comments and strings excluded), so the layering tests
 * do not depend on how an import happens to be spelled or wrapped over lines.
 */

export const repoRoot = resolve(__dirname, '../../..');

const sourceExtensions = ['.ts', '.tsx'];

export interface SourceImport {
  /** The module specifier as written. */
  specifier: string;
  /** Repository-relative path of the source file it names, or undefined for a package or node builtin. */
  target: string | undefined;
  /** Only `import type` / `export type` (or every named element marked `type`): nothing of it exists at run time. */
  typeOnly: boolean;
}

export function sourceFilesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFilesUnder(path));
    else if (sourceExtensions.some((ext) => entry.endsWith(ext)) && !entry.endsWith('.d.ts'))
      files.push(path);
  }
  return files.sort();
}

/** Resolves a relative specifier as Node's resolution does for TypeScript sources: file, then folder index. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    base,
    ...sourceExtensions.map((ext) => base + ext),
    ...sourceExtensions.map((ext) => join(base, 'index' + ext)),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** Specifiers every one of whose import/export declarations is type-only. */
function typeOnlySpecifiers(fileName: string, text: string): Set<string> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const typeOnly = new Set<string>();
  const valued = new Set<string>();
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    let isType = false;
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      isType =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((element) => element.isTypeOnly)));
    } else if (ts.isExportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      isType = statement.isTypeOnly;
    }
    if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
    (isType ? typeOnly : valued).add(specifier.text);
  }
  for (const specifier of valued) typeOnly.delete(specifier);
  return typeOnly;
}

/** The imports of a source file; `text` stands in for the file's contents when given. */
export function importsOf(absolutePath: string, text = readFileSync(absolutePath, 'utf8')): SourceImport[] {
  const info = ts.preProcessFile(text, true, true);
  const typeOnly = typeOnlySpecifiers(absolutePath, text);
  return info.importedFiles.map(({ fileName: specifier }) => {
    const resolved = specifier.startsWith('.') ? resolveRelative(absolutePath, specifier) : undefined;
    return {
      specifier,
      target: resolved === undefined ? undefined : relative(repoRoot, resolved),
      typeOnly: typeOnly.has(specifier),
    };
  });
}

/** Repository-relative path → the repository-relative source files it imports. */
export type ImportGraph = Map<string, SourceImport[]>;

export function importGraphOf(dir: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFilesUnder(dir)) graph.set(relative(repoRoot, file), importsOf(file));
  return graph;
}

/**
 * The import circles of a graph: each strongly connected set of files (Tarjan), given as one concrete circle
 * through it (a → b → … → a) so a failure names files a reader can open and follow.
 */
export function importCircles(graph: ImportGraph): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, imports] of graph) {
    const targets = imports.flatMap(({ target }) =>
      target !== undefined && graph.has(target) ? [target] : [],
    );
    edges.set(file, [...new Set(targets)]);
  }

  let nextIndex = 0;
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const connect = (file: string): void => {
    index.set(file, nextIndex);
    lowLink.set(file, nextIndex);
    nextIndex += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
      }
    }
    if (lowLink.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      const selfImport = component.length === 1 && (edges.get(file) ?? []).includes(file);
      if (component.length > 1 || selfImport) components.push(component);
    }
  };
  for (const file of edges.keys()) if (!index.has(file)) connect(file);

  return components.map((component) => circleThrough(component, edges));
}

/** The shortest circle from the component's first file (in path order) back to itself, by breadth-first search. */
function circleThrough(component: string[], edges: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of edges.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
