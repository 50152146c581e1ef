import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TaskCatalogue } from '../../../src/workspace/catalogue';
import { openWorkspace } from '../../../src/workspace/workspace';
import { cleanup, copyFixture, PROFILES, tmpDir, write } from './helpers';

function manifest(group: string, id: string, title: string): string {
  return JSON.stringify({ taskGroup: group, taskId: id, title, updatedAt: '2026-11-01T00:00:00Z' });
}

/** Rewrites a file with same-length content and puts its timestamps back, as an unchanged stat would look. */
function rewriteKeepingStat(file: string, text: string): void {
  const st = fs.statSync(file);
  assert.equal(Buffer.byteLength(text), st.size, 'same size needed');
  fs.writeFileSync(file, text);
  fs.utimesSync(file, st.atime, st.mtime);
}

describe('workspace task catalogue', () => {
  after(cleanup);

  it('scans .okstra/tasks/*/*/task-manifest.json: every task, unreadable ones with their file error', () => {
    const root = copyFixture('okstra-project');
    const tasks = openWorkspace(root, { builtinProfilesDir: PROFILES }).tasks();
    const keys = tasks.map((t) => t.key).sort();
    assert.deepEqual(keys, [
      'broken/bad-json',
      'broken/moved-folder',
      'payments/refund-ledger',
      'payments/refund-timeout',
      'platform/ci-cache',
      'platform/flaky-tests',
      'platform/node-upgrade',
      'platform/release-2026-12',
      'search/autocomplete',
      'search/facet-filters',
      'search/ranking-v2',
    ]);
    const unreadable = tasks.filter((t) => t.manifest === null).map((t) => [t.key, t.error]);
    assert.deepEqual(unreadable.sort(), [
      ['broken/bad-json', `.okstra/tasks/broken/bad-json/task-manifest.json:5:3: invalid JSON: expected ',' or '}', got "\\""`],
      ['broken/moved-folder', '.okstra/tasks/broken/moved-folder/task-manifest.json: taskGroup/taskId do not match the folder'],
    ]);
  });

  it('the next-phase pointer is kept raw: object, bare string, missing', () => {
    const root = copyFixture('okstra-project');
    const byKey = new Map(
      openWorkspace(root, { builtinProfilesDir: PROFILES })
        .tasks()
        .map((t) => [t.key, t]),
    );
    assert.deepEqual(byKey.get('search/facet-filters')!.manifest!.workflow!.nextRecommendedPhase, {
      phase: 'final-verification',
      status: 'pending',
    });
    assert.equal(byKey.get('platform/ci-cache')!.manifest!.workflow!.nextRecommendedPhase, 'implementation');
    assert.equal(byKey.get('platform/flaky-tests')!.manifest!.workflow!.nextRecommendedPhase, undefined);
    assert.equal(byKey.get('search/autocomplete')!.manifest!.workflow, undefined);
  });

  it('folders without a manifest, hidden folders and files are not tasks; a missing tasks folder is an empty catalogue', () => {
    const root = tmpDir();
    assert.deepEqual(new TaskCatalogue(root).tasks(), []);
    write(root, '.okstra/tasks/g/a/task-manifest.json', manifest('g', 'a', 'A'));
    write(root, '.okstra/tasks/g/empty/brief.md', 'x');
    write(root, '.okstra/tasks/g/.hidden/task-manifest.json', manifest('g', '.hidden', 'H'));
    write(root, '.okstra/tasks/g/a.wizard.json', '{}');
    assert.deepEqual(
      new TaskCatalogue(root).tasks().map((t) => t.key),
      ['g/a'],
    );
  });

  it('P3: the cache serves an unchanged manifest without reading or parsing it again', () => {
    const root = tmpDir();
    write(root, '.okstra/tasks/g/a/task-manifest.json', manifest('g', 'a', 'A'));
    write(root, '.okstra/tasks/g/b/task-manifest.json', manifest('g', 'b', 'B'));
    const cat = new TaskCatalogue(root);
    const reads: string[] = [];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeFs = require('node:fs') as { readFileSync: typeof fs.readFileSync; openSync: typeof fs.openSync };
    const original = nodeFs.readFileSync;
    const originalOpen = nodeFs.openSync;
    // A manifest is read by path (readFileSync) or through an open file (openSync; a cold scan takes the stamp from it).
    nodeFs.readFileSync = ((p: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
      reads.push(String(p));
      return (original as (...a: unknown[]) => unknown)(p, ...rest);
    }) as typeof fs.readFileSync;
    nodeFs.openSync = ((p: fs.PathLike, ...rest: unknown[]) => {
      reads.push(String(p));
      return (originalOpen as (...a: unknown[]) => unknown)(p, ...rest);
    }) as typeof fs.openSync;
    try {
      cat.tasks();
      assert.equal(reads.filter((r) => r.endsWith('task-manifest.json')).length, 2);
      reads.length = 0;
      const again = cat.tasks();
      assert.equal(again.length, 2);
      assert.deepEqual(reads, []);
      // Touch one: only that one is read again.
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(path.join(root, '.okstra/tasks/g/b/task-manifest.json'), later, later);
      cat.tasks();
      assert.deepEqual(
        reads.map((r) => path.relative(root, r)),
        [path.join('.okstra', 'tasks', 'g', 'b', 'task-manifest.json')],
      );
    } finally {
      nodeFs.readFileSync = original;
      nodeFs.openSync = originalOpen;
    }
  });

  it('P3: the cache revalidates on an mtime change', () => {
    const root = tmpDir();
    const file = write(root, '.okstra/tasks/g/a/task-manifest.json', manifest('g', 'a', 'old'));
    const cat = new TaskCatalogue(root);
    assert.equal(cat.tasks()[0]!.manifest!.title, 'old');
    rewriteKeepingStat(file, manifest('g', 'a', 'new'));
    const later = new Date(fs.statSync(file).mtimeMs + 5000);
    fs.utimesSync(file, later, later);
    assert.equal(cat.tasks()[0]!.manifest!.title, 'new');
  });

  it('P3: added and removed tasks are seen (folder mtimes)', () => {
    const root = tmpDir();
    write(root, '.okstra/tasks/g/a/task-manifest.json', manifest('g', 'a', 'A'));
    const cat = new TaskCatalogue(root);
    assert.equal(cat.tasks().length, 1);
    write(root, '.okstra/tasks/g/b/task-manifest.json', manifest('g', 'b', 'B'));
    write(root, '.okstra/tasks/h/c/task-manifest.json', manifest('h', 'c', 'C'));
    assert.deepEqual(
      cat
        .tasks()
        .map((t) => t.key)
        .sort(),
      ['g/a', 'g/b', 'h/c'],
    );
    fs.rmSync(path.join(root, '.okstra/tasks/g/a'), { recursive: true });
    assert.deepEqual(
      cat
        .tasks()
        .map((t) => t.key)
        .sort(),
      ['g/b', 'h/c'],
    );
  });

  it('P3: in `trust` mode entries are served until invalidate() names them (file watcher)', () => {
    const root = tmpDir();
    const file = write(root, '.okstra/tasks/g/a/task-manifest.json', manifest('g', 'a', 'old'));
    const cat = new TaskCatalogue(root, { revalidate: 'trust' });
    assert.equal(cat.tasks()[0]!.manifest!.title, 'old');
    fs.writeFileSync(file, manifest('g', 'a', 'newer title'));
    assert.equal(cat.tasks()[0]!.manifest!.title, 'old');
    cat.invalidate(file);
    assert.equal(cat.tasks()[0]!.manifest!.title, 'newer title');
  });

  it('P3: in `trust` mode a warm scan touches no file, and an invalidated manifest is the only one read again', () => {
    const root = tmpDir();
    for (const id of ['a', 'b', 'c']) write(root, `.okstra/tasks/g/${id}/task-manifest.json`, manifest('g', id, id));
    const cat = new TaskCatalogue(root, { revalidate: 'trust' });
    cat.tasks();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeFs = require('node:fs') as {
      readFileSync: typeof fs.readFileSync;
      statSync: typeof fs.statSync;
      openSync: typeof fs.openSync;
    };
    const calls: string[] = [];
    const { readFileSync, statSync, openSync } = nodeFs;
    nodeFs.readFileSync = ((p: fs.PathOrFileDescriptor, ...r: unknown[]) => (
      calls.push(`read ${path.relative(root, String(p))}`),
      (readFileSync as (...a: unknown[]) => unknown)(p, ...r)
    )) as typeof fs.readFileSync;
    nodeFs.statSync = ((p: fs.PathLike, ...r: unknown[]) => (
      calls.push(`stat ${path.relative(root, String(p))}`),
      (statSync as (...a: unknown[]) => unknown)(p, ...r)
    )) as typeof fs.statSync;
    nodeFs.openSync = ((p: fs.PathLike, ...r: unknown[]) => (
      calls.push(`open ${path.relative(root, String(p))}`),
      (openSync as (...a: unknown[]) => unknown)(p, ...r)
    )) as typeof fs.openSync;
    try {
      assert.equal(cat.tasks().length, 3);
      assert.equal(calls.length, 0, calls.join('; '));
      const b = path.join(root, '.okstra/tasks/g/b/task-manifest.json');
      fs.writeFileSync(b, manifest('g', 'b', 'B2'));
      calls.length = 0;
      cat.invalidate(b);
      assert.deepEqual(
        cat
          .tasks()
          .map((t) => t.manifest!.title)
          .sort(),
        ['B2', 'a', 'c'],
      );
      const rel = path.join('.okstra', 'tasks', 'g', 'b', 'task-manifest.json');
      // Dropped from the cache by invalidate(), it is read as new: opened once, its stamp taken from the open file.
      assert.deepEqual(
        calls.filter((c) => c.includes('task-manifest.json')),
        [`open ${rel}`],
      );
    } finally {
      nodeFs.readFileSync = readFileSync;
      nodeFs.statSync = statSync;
      nodeFs.openSync = openSync;
    }
  });

  it('P3: a cold scan reads through the open file: a BOM, a big manifest; a folder or a FIFO named task-manifest.json is listed as not a regular file', () => {
    const root = tmpDir();
    write(root, '.okstra/tasks/g/bom/task-manifest.json', '\ufeff' + manifest('g', 'bom', 'Bom é'));
    const long = 'x'.repeat(300_000);
    write(root, '.okstra/tasks/g/big/task-manifest.json', manifest('g', 'big', long));
    fs.mkdirSync(path.join(root, '.okstra/tasks/g/dir/task-manifest.json'), { recursive: true });
    if (process.platform !== 'win32') {
      fs.mkdirSync(path.join(root, '.okstra/tasks/g/fifo'), { recursive: true });
      execFileSync('mkfifo', [path.join(root, '.okstra/tasks/g/fifo/task-manifest.json')]);
    }
    const cat = new TaskCatalogue(root);
    const byKey = new Map(cat.tasks().map((t) => [t.key, t]));
    // A folder or a FIFO in the manifest's place is listed as a task that cannot be used, never read (R10).
    assert.deepEqual(
      [...byKey.keys()].sort(),
      process.platform === 'win32' ? ['g/big', 'g/bom', 'g/dir'] : ['g/big', 'g/bom', 'g/dir', 'g/fifo'],
    );
    assert.equal(byKey.get('g/dir')!.error, '.okstra/tasks/g/dir/task-manifest.json: not a regular file (a directory)');
    if (process.platform !== 'win32')
      assert.equal(byKey.get('g/fifo')!.error, '.okstra/tasks/g/fifo/task-manifest.json: not a regular file (a FIFO)');
    assert.equal(byKey.get('g/bom')!.manifest!.title, 'Bom é');
    assert.equal(byKey.get('g/big')!.manifest!.title, long);
    // The stamp taken from the open file is the one revalidation compares: nothing changed, nothing is re-read.
    assert.equal(
      cat.tasks().find((t) => t.key === 'g/big'),
      byKey.get('g/big'),
    );
  });

  it('a manifest that becomes broken turns into an unreadable entry, and back', () => {
    const root = tmpDir();
    const file = write(root, '.okstra/tasks/g/a/task-manifest.json', manifest('g', 'a', 'A'));
    const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
    assert.equal(ws.tasks()[0]!.error, undefined);
    fs.writeFileSync(file, '{"taskGroup": "g", "taskId": "a", "runs": {}}');
    assert.equal(ws.tasks()[0]!.error, '.okstra/tasks/g/a/task-manifest.json:1:35: runs: must be a list, got a mapping');
    fs.writeFileSync(file, manifest('g', 'a', 'fixed'));
    assert.equal(ws.tasks()[0]!.manifest!.title, 'fixed');
  });
});
