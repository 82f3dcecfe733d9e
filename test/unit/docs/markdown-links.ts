// Reads what a markdown page points at: its links, the repository paths it names in code spans, its headings'
// anchors, and any mention of a place outside the repository. Used by links.test.ts; kept apart so that its
// own rules can be tested on small pages.

export interface Reference {
  /** 1-based line in the page. */
  line: number;
  target: string;
}

/** The page with fenced code blocks blanked (line numbers kept): what is in them is neither link nor heading. */
export function withoutFencedCode(text: string): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined && opening) {
        fence = opening;
        return '';
      }
      if (fence !== undefined) {
        if (line.trim().startsWith(fence)) fence = undefined;
        return '';
      }
      return line;
    })
    .join('\n');
}

/** Code spans replaced by placeholders of the same length, so that `[x](y)` written as code is no link. */
function withoutCodeSpans(line: string): string {
  return line.replace(/`[^`]*`/g, (span) => 'x'.repeat(span.length));
}

function eachLine<T>(text: string, read: (line: string, number: number) => T[]): T[] {
  return withoutFencedCode(text)
    .split('\n')
    .flatMap((line, index) => read(line, index + 1));
}

/** Targets of inline links and images, `[text](target "title")`, and of reference definitions, `[x]: target`. */
export function linksIn(text: string): Reference[] {
  return eachLine(text, (line, number) => {
    const plain = withoutCodeSpans(line);
    const inline = [...plain.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(plain)?.[1];
    return [...inline, ...(definition ? [definition] : [])].map((target) => ({ line: number, target }));
  });
}

/**
 * A code span that is a path a reader would open: it starts at one of the repository's top folders and names a
 * file (`src/cli.ts`), a folder (`src/ingest/`) or goes deeper than one step (`test/unit/webhooks`). A name such
 * as `tools/list` (an MCP method, beside a top folder `tools`) is not one.
 */
function looksLikeRepoPath(span: string, roots: ReadonlySet<string>): boolean {
  if (/[\s*?<>{}$=|…,;'"()[\]]/.test(span)) return false;
  const segments = span.replace(/^(\.\.?\/)+/, '').split('/');
  if (segments.length < 2 || !roots.has(segments[0]!)) return false;
  const last = segments[segments.length - 1]!;
  return last === '' || last.includes('.') || segments.length > 2;
}

/** Code spans naming a path under one of `roots` (top-level folders), e.g. `src/operations/index.ts`. */
export function pathMentionsIn(text: string, roots: ReadonlySet<string>): Reference[] {
  return eachLine(text, (line, number) =>
    [...line.matchAll(/`([^`\n]+)`/g)]
      .map((m) => m[1]!.trim().replace(/:\d+(?::\d+)?$/, ''))
      .filter((span) => looksLikeRepoPath(span, roots))
      .map((target) => ({ line: number, target })),
  );
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (not `-` or `_`), spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor the page's headings make, a repeated heading getting -1, -2 … as GitHub numbers them. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutFencedCode(text).split('\n')) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Places outside the repository a page must never send its reader to (the team's own notes, this machine). */
export const OUTSIDE_MENTIONS: readonly RegExp[] = [
  /\.\.\/shared\b/,
  /\bDESIGN\.md\b/,
  /service-spec/,
  /\bdesign notes\b/i,
  /(^|[\s(`'"])\/work\//,
];

/** Lines (anywhere, code included) that mention a place outside the repository. */
export function outsideMentionsIn(text: string): Reference[] {
  return text.split('\n').flatMap((line, index) =>
    OUTSIDE_MENTIONS.filter((pattern) => pattern.test(line)).map((pattern) => ({
      line: index + 1,
      target: pattern.exec(line)![0].trim(),
    })),
  );
}
