// What git tracks is the project's own files: no symbolic link (one committed `node_modules` link to a helper's
// folder made every clean clone install into, or fail on, a path of one machine), and nothing .gitignore names.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../../helpers/tempDirs';
import { needTool } from '../../helpers/skip';

function git(args: string[]): { ok: boolean; out: string } {
  const r = spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: r.status === 0, out: r.stdout ?? '' };
}

describe('the files git tracks', () => {
  let tracked: string[] = [];

  before(function () {
    const r = git(['ls-files', '-s', '-z']);
    needTool(this, r.ok, 'git and a git checkout of the repository (git ls-files)');
    tracked = r.out.split('\0').filter((l) => l !== '');
  });

  it('are no symbolic links', () => {
    assert.ok(tracked.length > 100, `${tracked.length} tracked files`);
    const links = tracked.filter((l) => l.startsWith('120000 ')).map((l) => l.slice(l.indexOf('\t') + 1));
    assert.deepEqual(links, []);
  });

  it('include nothing .gitignore ignores (node_modules, dist, out, .tools)', () => {
    const r = git(['ls-files', '-ci', '--exclude-standard', '-z']);
    assert.ok(r.ok, 'git ls-files -ci');
    assert.deepEqual(
      r.out.split('\0').filter((f) => f !== ''),
      [],
    );
  });
});
