// Comments and strings in src/, test/, scripts/ and bench/ cite only files of this repository: never the design
// documents the project was started from (which a reader of the repository cannot open), never the bare ids of
// their defect list (BUG-n) or message list (M-n), nor an issue of the project's tracker (issue N), and only
// docs/*.md files that exist. Rule ids R-XXX-n stay: docs/rules.md lists them. The outside documents and ids are
// looked for in the whole text of each file (comments, strings and fixture data alike); docs/ citations only in
// comments, since test data names files such as docs/refunds.md inside fixture projects.
// The repository's own documents (README.md, CONTRIBUTING.md, CHANGELOG.md, docs/*.md) are read as a whole: the same
// forbidden forms anywhere outside link targets, BUG-n and M-n only in docs/rules.md (which defines them), and every
// relative .md link and docs/<name>.md mention must name a file that exists.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../../..');
const FOLDERS = ['src', 'test', 'scripts', 'bench'];
const TEXT_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.sh', '.json', '.yaml', '.yml', '.md', '.code-workspace']);
// This file names the forbidden forms on purpose.
const SELF = path.relative(root, __filename).split(path.sep).join('/');

const FORBIDDEN: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'an outside design document', pattern: /(?<![\w-])(?:wizard|quality|cli|workspace|product)\.md\b/g },
  { what: 'the outside seed-rules document', pattern: /(?<![\w-])seed-rules\b/g },
  { what: 'the outside roles document (the repository one is docs/roles.md)', pattern: /(?<![\w/-])roles\.md\b/g },
  { what: 'a path outside the repository', pattern: /\.\.\/shared\b|\/work\/shared\b/g },
  { what: 'a bare defect id (say what was decided, or cite docs/decisions.md)', pattern: /\bBUG-\d+/g },
  { what: 'a bare message id (quote the message, or cite docs/state-file.md or docs/protocol.md)', pattern: /\bM\d+\b/g },
  { what: 'an issue of the project tracker (a reader of the repository cannot open it: say what it asked)', pattern: /\bissue #?\d+/gi },
];
const DOCS_MENTION = /(?<![\w./-])docs\/([\w./-]*?\.md)\b/g;
// A relative Markdown link to a .md file: `](name.md)`, `](../README.md#anchor)`.
const MD_LINK = /\]\(((?![a-z][\w+.-]*:)[^)\s#]*?\.md)(#[^)\s]*)?\)/gi;
// The defect and message ids are defined in docs/rules.md and may appear there only; other documents say in words
// what was decided, or quote the message.
const RULES_DOC = 'docs/rules.md';
const ID_FORMS = new Set([
  'a bare defect id (say what was decided, or cite docs/decisions.md)',
  'a bare message id (quote the message, or cite docs/state-file.md or docs/protocol.md)',
]);

interface Finding {
  file: string;
  line: number;
  text: string;
  what: string;
}

const SCRIPT_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);

/** The comments of a file with their offsets: parsed for scripts, `#` lines for shell and YAML, none for data. */
function commentsOf(file: string, text: string): Array<{ pos: number; text: string }> {
  const ext = path.extname(file);
  if (SCRIPT_EXTENSIONS.has(ext)) {
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      false,
      ext === '.ts' || ext === '.mts' || ext === '.cts' ? ts.ScriptKind.TS : ts.ScriptKind.JS,
    );
    const seen = new Map<number, string>();
    const add = (ranges: ts.CommentRange[] | undefined) => {
      for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
    };
    const visit = (node: ts.Node) => {
      add(ts.getLeadingCommentRanges(text, node.pos));
      add(ts.getTrailingCommentRanges(text, node.end));
      ts.forEachChild(node, visit);
    };
    add(ts.getLeadingCommentRanges(text, 0));
    visit(source);
    return [...seen].map(([pos, t]) => ({ pos, text: t }));
  }
  if (ext === '.sh' || ext === '.yaml' || ext === '.yml') {
    return [...text.matchAll(/(?:^|\s)(#.*)$/gm)].map((m) => ({ pos: m.index + m[0].indexOf(m[1]), text: m[1] }));
  }
  return [];
}

function lineOf(text: string, index: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** What is wrong with the citations of one file's text (an empty list when nothing is). */
function citationProblems(file: string, text: string, docExists: (name: string) => boolean): Finding[] {
  const found: Finding[] = [];
  for (const { what, pattern } of FORBIDDEN) {
    for (const m of text.matchAll(pattern)) found.push({ file, line: lineOf(text, m.index), text: m[0], what });
  }
  for (const comment of commentsOf(file, text)) {
    for (const m of comment.text.matchAll(DOCS_MENTION)) {
      if (!docExists(m[1]))
        found.push({ file, line: lineOf(text, comment.pos + m.index), text: m[0], what: 'a docs/ file that does not exist' });
    }
  }
  return found;
}

/**
 * What is wrong with the citations of one document of the repository (README.md, CONTRIBUTING.md, CHANGELOG.md,
 * docs/*.md), all of whose text is read: the forbidden forms anywhere outside link targets (BUG-n and M-n only outside
 * docs/rules.md), and every relative `.md` link and `docs/<name>.md` mention naming a file that exists. `exists`
 * takes a path relative to the repository root.
 */
function documentProblems(file: string, text: string, exists: (rel: string) => boolean): Finding[] {
  const found: Finding[] = [];
  const dir = path.posix.dirname(file);
  for (const m of text.matchAll(MD_LINK)) {
    const target = path.posix.normalize(path.posix.join(dir, m[1]));
    if (target.startsWith('../') || !exists(target))
      found.push({ file, line: lineOf(text, m.index), text: m[0], what: 'a link to a file of the repository that does not exist' });
  }
  // Link targets are checked above; blank them (keeping offsets) so that `](roles.md)` is not read as the outside one.
  const prose = text.replace(MD_LINK, (link) => ' '.repeat(link.length));
  for (const m of prose.matchAll(DOCS_MENTION)) {
    if (!exists(`docs/${m[1]}`)) found.push({ file, line: lineOf(text, m.index), text: m[0], what: 'a docs/ file that does not exist' });
  }
  for (const { what, pattern } of FORBIDDEN) {
    if (file === RULES_DOC && ID_FORMS.has(what)) continue;
    for (const m of prose.matchAll(pattern)) found.push({ file, line: lineOf(text, m.index), text: m[0], what });
  }
  return found;
}

function documentsOf(): string[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'))
    .filter((n) => n.endsWith('.md'))
    .map((n) => `docs/${n}`);
  return ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...docs.sort()];
}

function* textFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (entry.isFile() && TEXT_EXTENSIONS.has(path.extname(entry.name))) yield full;
  }
}

const docExists = (name: string) => fs.existsSync(path.join(root, 'docs', name));

describe('foundation: comments and documents cite only files of this repository', () => {
  it('no file of src/, test/, scripts/ or bench/ cites an outside document, a bare BUG-n or M-n id, or a missing docs/ file', () => {
    const findings: Finding[] = [];
    let scanned = 0;
    for (const folder of FOLDERS) {
      for (const full of textFiles(path.join(root, folder))) {
        const file = path.relative(root, full).split(path.sep).join('/');
        if (file === SELF) continue;
        scanned++;
        findings.push(...citationProblems(file, fs.readFileSync(full, 'utf8'), docExists));
      }
    }
    assert.ok(scanned > 100, `only ${scanned} files scanned`);
    const lines = findings.map((f) => `${f.file}:${f.line}: '${f.text}' is ${f.what}`);
    assert.equal(lines.length, 0, `${lines.length} citations to fix:\n${lines.join('\n')}`);
  });

  it('README.md, CONTRIBUTING.md, CHANGELOG.md and docs/*.md cite no outside document, keep BUG-n and M-n ids to docs/rules.md, and link only to files that exist', () => {
    const files = documentsOf();
    assert.ok(files.length > 10, `only ${files.length} documents found`);
    const findings: Finding[] = [];
    for (const file of files)
      findings.push(
        ...documentProblems(file, fs.readFileSync(path.join(root, file), 'utf8'), (rel) => fs.existsSync(path.join(root, rel))),
      );
    const lines = findings.map((f) => `${f.file}:${f.line}: '${f.text}' is ${f.what}`);
    assert.equal(lines.length, 0, `${lines.length} citations to fix:\n${lines.join('\n')}`);
  });

  it('the document scan catches each forbidden form and lets repository citations through', () => {
    const exists = (rel: string) => ['docs/roles.md', 'docs/safety.md', 'docs/rules.md', 'README.md'].includes(rel);
    const bad: Array<[string, string]> = [
      ['docs/x.md', 'as wizard.md › Steps says'],
      ['docs/x.md', "quality.md's P1–P6"],
      ['README.md', 'see seed-rules §2'],
      ['docs/x.md', 'the cli.md tree'],
      ['docs/x.md', 'workspace.md'],
      ['CHANGELOG.md', 'product.md'],
      ['docs/x.md', 'see [roles.md](roles.md) › Hosts'],
      ['docs/x.md', '[a](../shared/spec.md)'],
      ['docs/x.md', 'kept (BUG-12)'],
      ['README.md', 'refused with M7'],
      ['docs/x.md', 'see docs/nowhere.md'],
      ['docs/x.md', 'see [it](nowhere.md#a)'],
      ['README.md', 'see [it](docs/nowhere.md)'],
      ['docs/x.md', '[up](../../README.md)'],
      ['CHANGELOG.md', 'fixed (issue 12 #3)'],
    ];
    for (const [file, line] of bad) assert.equal(documentProblems(file, line, exists).length, 1, `${file}: ${line}`);
    const good: Array<[string, string]> = [
      ['docs/x.md', 'see [docs/roles.md](roles.md#hosts)'],
      ['docs/x.md', '[safety](safety.md), R1–R10, P1–P9'],
      ['README.md', 'see [docs/safety.md](docs/safety.md) and [rules](docs/rules.md#messages-by-number-m1m25)'],
      ['docs/rules.md', '| M7 | `configured default model …` |'],
      ['docs/rules.md', 'kept (BUG-3)'],
      ['docs/x.md', '[up](../README.md)'],
      ['CHANGELOG.md', '[SemVer](https://semver.org/spec/v2.0.0.html)'],
      ['docs/x.md', 'R-SUB-2, the M-number list, 10M rows'],
    ];
    for (const [file, line] of good) assert.deepEqual(documentProblems(file, line, exists), [], `${file}: ${line}`);
  });

  it('the scan catches each forbidden form and lets repository citations through', () => {
    const exists = (name: string) => name === 'roles.md' || name === 'safety.md';
    const bad = [
      '// see wizard.md › Steps',
      '// quality.md P4',
      '/** seed-rules §1.2 */',
      "'cli.md'",
      '# workspace.md › Roots',
      '// product.md',
      '// roles.md › Hosts',
      '// ../shared/harness/README.md',
      '// /work/shared/spec',
      '// BUG-12',
      '// refused with M7',
      '// docs/nowhere.md',
      "it('issue 25 #7: refused', …)",
      '// as issue #4 asked',
    ];
    for (const line of bad) assert.equal(citationProblems('x.ts', line, exists).length, 1, line);
    assert.equal(citationProblems('x.sh', '# see docs/nowhere.md', exists).length, 1);
    assert.equal(citationProblems('x.yaml', 'key: 1 # docs/nowhere.md', exists).length, 1);
    const good = [
      '// docs/roles.md › Hosts',
      '// docs/safety.md R1',
      "it('R-SUB-2: a count', …)",
      '// P1–P6, R1–R7',
      '// okstra-wizard.md',
      '// the M-number list',
      '// HTML5 and 10M rows',
      "const brief = 'docs/refunds.md';",
      '// the issues a run reports',
    ];
    for (const line of good) assert.deepEqual(citationProblems('x.ts', line, exists), [], line);
  });
});
