// Every reader of the workspace refuses what is not a regular file without blocking, reports unreadable folders
// and links that lead outside the project, and bounds YAML before parsing it (docs/safety.md › R10).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FileError } from '../../../src/core/types';
import { MAX_NESTING_DEPTH, yamlNestingDepth, jsonNestingDepth } from '../../../src/core/files';
import { parseConfig } from '../../../src/workspace/config';
import { loadModelDefaultsFile } from '../../../src/workspace/environment';
import { openWorkspace } from '../../../src/workspace/workspace';
import { cleanup, PROFILES, tmpDir, write } from './helpers';
import { skipHere } from '../../helpers/skip';

const posix = process.platform !== 'win32';

function manifest(group: string, id: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ taskGroup: group, taskId: id, title: id, updatedAt: '2026-11-01T00:00:00Z', ...extra });
}

function fileError(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    assert.ok(e instanceof FileError, `expected a FileError, got ${String(e)}`);
    return e.message;
  }
  assert.fail('expected a FileError');
}

function project(): string {
  const root = tmpDir('okstra-hostile-');
  write(root, '.okstra/tasks/g/t/task-manifest.json', manifest('g', 't', { runs: [{ runId: 'r1', inputs: 'runs/r1/inputs.json' }] }));
  return root;
}

const ws = (root: string) => openWorkspace(root, { builtinProfilesDir: PROFILES });

/** Replaces an fs function for the length of `run` (EACCES cannot be had as root: it is injected). */
function withFs<K extends 'readdirSync' | 'openSync'>(name: K, fake: (...args: never[]) => unknown, run: () => void): void {
  const nodeFs = require('node:fs') as Record<string, unknown>;
  const real = nodeFs[name];
  nodeFs[name] = fake;
  try {
    run();
  } finally {
    nodeFs[name] = real;
  }
}

describe('workspace: hostile files in the place of the files it reads', () => {
  after(cleanup);

  describe('FIFOs, devices and folders are `not a regular file`, at once', () => {
    before(function () {
      if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
    });

    it('.okstra/config.yaml', () => {
      const root = project();
      execFileSync('mkfifo', [path.join(root, '.okstra/config.yaml')]);
      assert.equal(
        fileError(() => ws(root).config()),
        '.okstra/config.yaml: not a regular file (a FIFO)',
      );
      const root2 = project();
      fs.mkdirSync(path.join(root2, '.okstra/config.yaml'));
      assert.equal(
        fileError(() => ws(root2).config()),
        '.okstra/config.yaml: not a regular file (a directory)',
      );
    });

    it('brief.md, plan/approved-plan.md, a questions file and inputs.json', () => {
      const root = project();
      const dir = path.join(root, '.okstra/tasks/g/t');
      execFileSync('mkfifo', [path.join(dir, 'brief.md')]);
      fs.mkdirSync(path.join(dir, 'plan/approved-plan.md'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'clarifications'));
      execFileSync('mkfifo', [path.join(dir, 'clarifications/r1.questions.yaml')]);
      fs.mkdirSync(path.join(dir, 'runs/r1'), { recursive: true });
      fs.symlinkSync('/dev/zero', path.join(dir, 'runs/r1/inputs.json'));
      const d = ws(root).task('g/t');
      assert.equal(d.brief.error, '.okstra/tasks/g/t/brief.md: not a regular file (a FIFO)');
      assert.deepEqual(d.plan, {
        path: '.okstra/tasks/g/t/plan/approved-plan.md',
        error: '.okstra/tasks/g/t/plan/approved-plan.md: not a regular file (a directory)',
      });
      assert.equal(d.questions.length, 1);
      assert.equal(d.questions[0]!.error, '.okstra/tasks/g/t/clarifications/r1.questions.yaml: not a regular file (a FIFO)');
      assert.equal(d.previousRuns.length, 1);
      assert.match(
        d.previousRuns[0]!.error ?? '',
        /inputs\.json: (not a regular file \(a character device\)|resolves outside the project)/,
      );
    });

    it('a profile override and OKSTRA_MODEL_DEFAULTS', () => {
      const root = project();
      fs.mkdirSync(path.join(root, '.okstra/prompts/profiles'), { recursive: true });
      execFileSync('mkfifo', [path.join(root, '.okstra/prompts/profiles/error-analysis.md')]);
      assert.equal(
        fileError(() => ws(root).profileOverride('error-analysis')),
        '.okstra/prompts/profiles/error-analysis.md: not a regular file (a FIFO)',
      );
      const fifo = path.join(root, 'defaults.yaml');
      execFileSync('mkfifo', [fifo]);
      assert.equal(
        fileError(() => loadModelDefaultsFile(fifo)),
        `${fifo}: not a regular file (a FIFO)`,
      );
      assert.equal(
        fileError(() => loadModelDefaultsFile('/dev/zero')),
        '/dev/zero: not a regular file (a character device)',
      );
    });

    it('a task manifest that is a link loop is listed with the reason, not hidden', () => {
      const root = project();
      const m = path.join(root, '.okstra/tasks/g/t/task-manifest.json');
      fs.rmSync(m);
      fs.symlinkSync(`${m}.loop`, m);
      fs.symlinkSync(m, `${m}.loop`);
      assert.equal(
        ws(root)
          .tasks()
          .find((t) => t.key === 'g/t')?.error,
        '.okstra/tasks/g/t/task-manifest.json: too many levels of symbolic links (a link loop) (ELOOP)',
      );
    });

    it('JSON over 1 MiB (a state file, a manifest, inputs.json) is refused with its size', () => {
      const root = project();
      const wide = '{' + Array.from({ length: 200_000 }, (_, i) => `"k${i}":${i}`).join(',') + '}';
      fs.mkdirSync(path.join(root, '.okstra/tasks/g/t/runs/r1'), { recursive: true });
      fs.writeFileSync(path.join(root, '.okstra/tasks/g/t/runs/r1/inputs.json'), wide);
      assert.match(
        ws(root).task('g/t').previousRuns[0]!.error ?? '',
        /^\.okstra\/tasks\/g\/t\/runs\/r1\/inputs\.json: JSON text is \d+ characters long; the limit is 1048576 \(1 MiB\)$/,
      );
      write(root, '.okstra/tasks/g/w/task-manifest.json', wide);
      assert.match(
        ws(root)
          .tasks()
          .find((t) => t.key === 'g/w')?.error ?? '',
        /task-manifest\.json: JSON text is \d+ characters long/,
      );
    });

    it('a task manifest that is a FIFO is listed as a task that cannot be used', () => {
      const root = project();
      fs.mkdirSync(path.join(root, '.okstra/tasks/g/f'));
      execFileSync('mkfifo', [path.join(root, '.okstra/tasks/g/f/task-manifest.json')]);
      const e = ws(root)
        .tasks()
        .find((t) => t.key === 'g/f');
      assert.equal(e?.error, '.okstra/tasks/g/f/task-manifest.json: not a regular file (a FIFO)');
    });
  });

  describe('unreadable folders are said, not skipped', () => {
    it('directions/ that cannot be listed is an unavailable direction with the reason', () => {
      const root = project();
      write(root, '.okstra/tasks/g/t/directions/a.md', '# a');
      const dirAbs = path.join(root, '.okstra/tasks/g/t/directions');
      const realReaddir = fs.readdirSync;
      withFs(
        'readdirSync',
        ((p: string, ...rest: unknown[]) => {
          if (p === dirAbs) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
          return (realReaddir as (...a: unknown[]) => unknown)(p, ...rest);
        }) as never,
        () => {
          const d = ws(root).task('g/t');
          assert.deepEqual(d.directions, []);
          assert.deepEqual(d.unavailableDirections, [
            { path: '.okstra/tasks/g/t/directions', reason: 'cannot list the folder: permission denied (EACCES)' },
          ]);
        },
      );
    });

    it('a task-group folder that cannot be listed is a catalogue entry with the reason', () => {
      const root = project();
      const groupAbs = path.join(root, '.okstra/tasks/g');
      const realReaddir = fs.readdirSync;
      withFs(
        'readdirSync',
        ((p: string, ...rest: unknown[]) => {
          if (p === groupAbs) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
          return (realReaddir as (...a: unknown[]) => unknown)(p, ...rest);
        }) as never,
        () => {
          const tasks = ws(root).tasks();
          assert.deepEqual(
            tasks.map((t) => [t.key, t.error]),
            [['g/*', '.okstra/tasks/g: cannot list the folder: permission denied (EACCES)']],
          );
        },
      );
    });

    it('EACCES on config.yaml is a FileError naming the file (injected: root reads a mode-000 file)', () => {
      const root = project();
      write(root, '.okstra/config.yaml', 'projectId: x\n');
      const realOpen = fs.openSync;
      withFs(
        'openSync',
        ((p: string, ...rest: unknown[]) => {
          if (String(p).endsWith('config.yaml')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
          return (realOpen as (...a: unknown[]) => unknown)(p, ...rest);
        }) as never,
        () =>
          assert.equal(
            fileError(() => ws(root).config()),
            '.okstra/config.yaml: cannot read: permission denied (EACCES)',
          ),
      );
    });
  });

  describe('links that resolve outside the project are not offered', () => {
    before(function () {
      if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
    });

    it('evidence, a typed path (isFile) and a direction', () => {
      const root = project();
      const outside = path.join(tmpDir('okstra-outside-'), 'shadow.md');
      fs.writeFileSync(outside, 'secret');
      fs.mkdirSync(path.join(root, 'docs'));
      fs.symlinkSync(outside, path.join(root, 'docs/x.md'));
      write(root, 'docs/in.md', 'fine');
      fs.symlinkSync(path.join(root, 'docs/in.md'), path.join(root, 'docs/link-in.md'));
      const w = ws(root);
      assert.equal(w.isFile('docs/x.md'), false);
      assert.equal(w.isFile('docs/in.md'), true);
      assert.equal(w.isFile('docs/link-in.md'), true, 'a link that stays inside the project is fine');
      const dirs = path.join(root, '.okstra/tasks/g/t/directions');
      fs.mkdirSync(dirs);
      fs.symlinkSync(outside, path.join(dirs, 'evil.md'));
      write(root, '.okstra/tasks/g/t/directions/good.md', '# good');
      const d = w.task('g/t');
      assert.deepEqual(d.directions, ['.okstra/tasks/g/t/directions/good.md']);
      assert.equal(d.unavailableDirections?.length, 1);
      assert.equal(d.unavailableDirections![0]!.path, '.okstra/tasks/g/t/directions/evil.md');
      assert.match(d.unavailableDirections![0]!.reason, /^resolves outside the project \(to .*shadow\.md\)$/);
    });

    it('a brief.md that links outside the project is a brief error, not read', () => {
      const root = project();
      const outside = path.join(tmpDir('okstra-outside-'), 'brief.md');
      fs.writeFileSync(outside, '---\ntitle: outside\n---\n');
      fs.symlinkSync(outside, path.join(root, '.okstra/tasks/g/t/brief.md'));
      const d = ws(root).task('g/t');
      assert.equal(d.brief.frontMatter, null);
      assert.match(d.brief.error ?? '', /^\.okstra\/tasks\/g\/t\/brief\.md: resolves outside the project/);
    });
  });

  describe('YAML bounds', () => {
    it('YAML nested 8,000 / 100,000 levels deep is a file error, never an abort', () => {
      for (const n of [8_000, 100_000]) {
        assert.equal(
          fileError(() => parseConfig('x: ' + '['.repeat(n) + ']'.repeat(n), 'c.yaml')),
          'c.yaml: invalid YAML: nested deeper than 100 levels',
        );
        assert.equal(
          fileError(() => parseConfig('- '.repeat(n) + 'x', 'c.yaml')),
          'c.yaml: invalid YAML: nested deeper than 100 levels',
        );
      }
      assert.equal(
        fileError(() => parseConfig('x: ' + '{a: '.repeat(5000) + '1' + '}'.repeat(5000), 'c.yaml')),
        'c.yaml: invalid YAML: nested deeper than 100 levels',
      );
    });

    it('YAML over 1 MiB is refused with its size; 200,000 keys are a clear message', () => {
      const wide = Array.from({ length: 200_000 }, (_, i) => `k${i}: ${i}`).join('\n');
      assert.match(
        fileError(() => parseConfig(wide, 'c.yaml')),
        /^c\.yaml: YAML text is \d+ characters long; the limit is 1048576 \(1 MiB\)$/,
      );
    });

    it("a repeated key is still found (one pass instead of the library's quadratic check), at its position", () => {
      const text = Array.from({ length: 5000 }, (_, i) => `k${i}: ${i}`).join('\n') + '\nnested:\n  a: 1\n  a: 2\n';
      assert.equal(
        fileError(() => parseConfig(text, 'c.yaml')),
        'c.yaml:5003:3: invalid YAML: key "a" appears twice in one mapping',
      );
    });

    it('yamlNestingDepth counts flow and block levels and ignores quotes, comments and block scalars', () => {
      assert.equal(yamlNestingDepth('a: 1\nb: 2\n'), 1);
      assert.equal(yamlNestingDepth('a:\n  b:\n    c: 1\n'), 3);
      assert.equal(yamlNestingDepth('- - - x\n'), 4, 'three sequences and the scalar in them (an upper bound)');
      assert.equal(yamlNestingDepth('a: [[1, [2]]]\n'), 4);
      assert.equal(yamlNestingDepth(`a: "${'['.repeat(500)}"\nb: '${'{'.repeat(500)}'\n# ${'['.repeat(500)}\n`), 1);
      assert.equal(yamlNestingDepth(`a: |\n${Array.from({ length: 300 }, (_, i) => ' '.repeat(i + 1) + 'x').join('\n')}\nb: 1\n`), 1);
      assert.ok(yamlNestingDepth('x: ' + '['.repeat(MAX_NESTING_DEPTH + 1)) > MAX_NESTING_DEPTH);
      assert.equal(jsonNestingDepth('{"a": "[[[[", "b": [[1]]}'), 3);
    });

    it("the repository's own YAML files are well within the bounds", () => {
      for (const name of fs.readdirSync(PROFILES)) {
        const text = fs.readFileSync(path.join(PROFILES, name), 'utf8');
        assert.ok(yamlNestingDepth(text) <= 10, `${name}: ${yamlNestingDepth(text)}`);
      }
    });
  });
});
