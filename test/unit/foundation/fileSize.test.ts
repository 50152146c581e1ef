// No file of the VS Code shell (src/vscode) is over 350 lines (CONTRIBUTING.md › House rules): a module that grows
// past it is split by responsibility into modules named from the domain.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO, sourceFiles } from './importGraph';

const MAX_LINES = 350;

/** The lines of a text as an editor numbers them: a final newline ends the last line, it starts no new one. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** `<file>: <n> lines` for each file over the limit, in path order. */
function overLimit(files: ReadonlyArray<[file: string, text: string]>, limit: number): string[] {
  return files.flatMap(([file, text]) => {
    const n = lineCount(text);
    return n > limit ? [`${file}: ${n} lines`] : [];
  });
}

describe('file sizes', () => {
  it(`no file under src/vscode is over ${MAX_LINES} lines`, () => {
    const files = sourceFiles(['src/vscode']);
    assert.ok(files.length > 50, `src/vscode holds the extension's modules (found ${files.length})`);
    const texts = files.map((f): [string, string] => [f, fs.readFileSync(path.join(REPO, f), 'utf8')]);
    assert.deepEqual(overLimit(texts, MAX_LINES), [], `split these by responsibility into modules named from the domain`);
  });

  it('names the file over the limit and its count, and counts a final newline as the end of the last line', () => {
    const lines = (n: number) => 'x\n'.repeat(n);
    assert.deepEqual(
      overLimit(
        [
          ['src/vscode/a.ts', lines(350)],
          ['src/vscode/b.ts', lines(351)],
          ['src/vscode/c.ts', `${lines(350)}y`],
        ],
        350,
      ),
      ['src/vscode/b.ts: 351 lines', 'src/vscode/c.ts: 351 lines'],
    );
    assert.equal(lineCount(''), 0);
    assert.equal(lineCount('x'), 1);
  });
});
