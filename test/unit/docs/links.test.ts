import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { anchorsOf, linksIn, outsideMentionsIn, pathMentionsIn, type Reference } from './markdown-links';

// The README and the docs stand on their own: every link and every repository path they name resolves inside
// the repository (headings included), none sends the reader to a place outside it, and every page in docs/ is
// one click from the README.

const root = resolve(__dirname, '../../..');
const docsDir = join(root, 'docs');
const pages = [
  'README.md',
  ...readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
  'bench/README.md',
];

/** Top-level folders a path mention may start at: the repository's own, not what git ignores. */
const ignoredFolders = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''))
  .filter((line) => line !== '' && !line.includes('*'));
const roots = new Set(
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== '.git' && !ignoredFolders.includes(entry.name))
    .map((entry) => entry.name),
);

const read = (page: string) => readFileSync(join(root, page), 'utf8');
const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** Why a link or path from `page` does not resolve inside the repository, or undefined when it does. */
function problemWith(page: string, target: string, from: 'page' | 'root'): string | undefined {
  const [path = '', anchor] = target.split('#', 2);
  if (path.startsWith('/')) return 'an absolute path';
  const file =
    path === '' ? join(root, page) : resolve(from === 'page' ? dirname(join(root, page)) : root, path);
  const inside = relative(root, file);
  if (inside.startsWith('..') || inside.split(sep)[0] === '..') return 'a path outside the repository';
  if (!existsSync(file)) return 'no such file or folder';
  if (anchor === undefined || anchor === '') return undefined;
  if (!file.endsWith('.md') || statSync(file).isDirectory()) return undefined;
  return anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor))
    ? undefined
    : `no heading with the anchor #${anchor}`;
}

const describeRef = (page: string, ref: Reference, problem: string) =>
  `${page}:${ref.line} ${ref.target}: ${problem}`;

describe.each(pages)('%s', (page) => {
  const text = read(page);

  it('links only to files, folders and headings that exist in the repository', () => {
    const problems = linksIn(text).flatMap((ref) => {
      if (isExternal(ref.target)) {
        if (page === 'README.md')
          return [describeRef(page, ref, 'the README links only inside the repository')];
        if (/^https?:\/\/(localhost|127\.|\[::1\])/.test(ref.target))
          return [describeRef(page, ref, 'a link to a local server, not a page')];
        return [];
      }
      const problem = problemWith(page, ref.target, 'page');
      return problem ? [describeRef(page, ref, problem)] : [];
    });
    expect(problems).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const problems = pathMentionsIn(text, roots).flatMap((ref) => {
      // A path written ./ or ../ is relative to the page; any other from the repository's root.
      const problem = problemWith(page, ref.target, /^\.\.?\//.test(ref.target) ? 'page' : 'root');
      return problem ? [describeRef(page, ref, problem)] : [];
    });
    expect(problems).toEqual([]);
  });

  it('mentions no place outside the repository', () => {
    expect(outsideMentionsIn(text).map((ref) => describeRef(page, ref, 'outside the repository'))).toEqual(
      [],
    );
  });
});

describe('README.md', () => {
  it('links every page in docs/ (each one click away)', () => {
    const linked = new Set(
      linksIn(read('README.md'))
        .filter((ref) => !isExternal(ref.target))
        .map((ref) => relative(root, resolve(root, ref.target.split('#')[0]!))),
    );
    const unlinked = pages.filter((page) => page.startsWith('docs/') && !linked.has(page));
    expect(unlinked).toEqual([]);
  });

  it('opens with the two commands that run the service and its tests on a fresh machine', () => {
    const opening = read('README.md').split('\n').slice(0, 6).join('\n');
    expect(opening).toMatch(
      /^# .+\n\n```sh\nnpm install && npm start\s.*\nnpm install && npm test\s.*\n```$/,
    );
  });
});
