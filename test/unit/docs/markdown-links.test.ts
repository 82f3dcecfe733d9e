import {
  anchorsOf,
  linksIn,
  outsideMentionsIn,
  pathMentionsIn,
  slug,
  withoutFencedCode,
} from './markdown-links';

// The reader behind links.test.ts, on small pages: what it must find, and what it must not take for a link.

const roots = new Set(['src', 'docs', 'tools']);

describe('linksIn', () => {
  it('finds inline links, links around code, titles and reference definitions, with their lines', () => {
    const page = [
      'See [errors](errors.md) and [`src/cli.ts`](../src/cli.ts "the CLI").',
      '![diagram](img/flow.png)',
      '[spec]: ./api.md#errors',
    ].join('\n');
    expect(linksIn(page)).toEqual([
      { line: 1, target: 'errors.md' },
      { line: 1, target: '../src/cli.ts' },
      { line: 2, target: 'img/flow.png' },
      { line: 3, target: './api.md#errors' },
    ]);
  });

  it('ignores links written as code, in a code span or a fenced block', () => {
    const page = [
      'Write `[x](nowhere.md)` to link.',
      '```md',
      '[y](gone.md)',
      '```',
      '~~~',
      '[z](gone.md)',
      '~~~',
    ];
    expect(linksIn(page.join('\n'))).toEqual([]);
  });

  it('ends a fence only at a fence of the same kind', () => {
    const page = ['````', '```', '[in](code.md)', '````', '[out](page.md)'].join('\n');
    expect(linksIn(page)).toEqual([{ line: 5, target: 'page.md' }]);
  });
});

describe('pathMentionsIn', () => {
  it('takes files, folders and deep paths under a top folder', () => {
    const page = 'In `src/cli.ts`, `src/ingest/`, `src/domain/webhooks` and `docs/api.md:12`.';
    expect(pathMentionsIn(page, roots).map((ref) => ref.target)).toEqual([
      'src/cli.ts',
      'src/ingest/',
      'src/domain/webhooks',
      'docs/api.md',
    ]);
  });

  it('leaves out what only looks like a path: methods, commands, patterns, other folders', () => {
    const page = [
      '`tools/list`, `tools/call`, `npm run cli -- import src/x.csv`, `src/*.ts`, `src/{a,b}.ts`,',
      '`data/temporal.db`, `.tools/bin/temporal`, `webhook-delivery/<event id>`, `cli.ts`, `src`',
    ].join('\n');
    expect(pathMentionsIn(page, roots)).toEqual([]);
  });

  it('reads paths relative to the page too', () => {
    expect(pathMentionsIn('`../src/cli.ts`', roots).map((ref) => ref.target)).toEqual(['../src/cli.ts']);
  });
});

describe('slug and anchorsOf', () => {
  it.each([
    ['Run without Docker (CI)', 'run-without-docker-ci'],
    ['Scores on a past day (`as_of`)', 'scores-on-a-past-day-as_of'],
    ['`npm run bench:crash`', 'npm-run-benchcrash'],
    ['Screening a company: `screen_sanctions`', 'screening-a-company-screen_sanctions'],
    [
      'Webhook secret: a second rotation inside the 24 hours',
      'webhook-secret-a-second-rotation-inside-the-24-hours',
    ],
    [
      'Dev override and test DNS server (development and tests only)',
      'dev-override-and-test-dns-server-development-and-tests-only',
    ],
    ['See [the table](#x)', 'see-the-table'],
    ['Café & crème', 'café--crème'],
  ])('%s → #%s', (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });

  it('numbers repeated headings and skips headings inside code', () => {
    const page = ['# Title', '## Usage', '## Usage', '```sh', '# a shell comment', '```', '### Usage ##'];
    expect([...anchorsOf(page.join('\n'))]).toEqual(['title', 'usage', 'usage-1', 'usage-2']);
  });

  it('does not take a hashtag-like line without a space for a heading', () => {
    expect([...anchorsOf('#nospace\n####### seven')]).toEqual([]);
  });
});

describe('outsideMentionsIn', () => {
  it('finds every way of pointing outside the repository, code blocks included', () => {
    const page = [
      'Read [the spec](../shared/spec/service-spec.md).',
      'As DESIGN.md says.',
      '```sh',
      'cat /work/main/README.md',
      '```',
      'See "Testing tiers" in the design notes.',
    ].join('\n');
    expect(outsideMentionsIn(page).map((ref) => ref.line)).toEqual([1, 1, 2, 4, 6]);
  });

  it('lets through what only resembles them', () => {
    const page = 'A shared machine; docs/design.md; the workflow/ folder; https://example.com/work/x';
    expect(outsideMentionsIn(page)).toEqual([]);
  });
});

describe('withoutFencedCode', () => {
  it('keeps the line count, so references keep their line numbers', () => {
    const page = 'a\n```\nb\n```\nc';
    expect(withoutFencedCode(page).split('\n')).toEqual(['a', '', '', '', 'c']);
  });
});
