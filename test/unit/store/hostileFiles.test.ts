// Writes cannot be redirected, reads never block, locks always end, a legacy file's continuation is never lost
// (docs/safety.md › R10, docs/decisions.md › Writes, Locks).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileError, type WizardState } from '../../../src/core/types';
import { defaultState } from '../../../src/core/wizard/stateSchema';
import { readRegularFileBytes, type FileSystemCalls } from '../../../src/io/regularFile';
import { createFileExclusive, createStateFile, loadStateFile, lockPathFor, saveStateFile, writeFileAtomic } from '../../../src/store';
import { WizardHost } from '../../../src/host';
import { textsFor } from '../../../src/core/text';
import type { EnvironmentPort } from '../../../src/core/ports';
import { isLockStale, lockOwnerText, parseLockOwner, processStartTime } from '../../../src/store/lock';
import { applyPersistAction } from '../../../src/host/run';
import { cleanup, tmpDir } from '../workspace/helpers';
import { skipHere } from '../../helpers/skip';

const posix = process.platform !== 'win32';
const sha = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');

function state(directive = 'x'): WizardState {
  return { ...defaultState(), project_root: '/p', workspace_root: '/p/.okstra', task_group: 'g', task_id: 't', directive };
}

function fileError(f: () => unknown): FileError {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof FileError, `expected a FileError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected a FileError');
}

/** Names in `dir` that are temporaries of the store. */
function temporaries(dir: string): string[] {
  return fs.readdirSync(dir).filter((n) => n.includes('.tmp-'));
}

describe('store: hostile files in the place of the files it reads and writes', () => {
  afterEach(cleanup);

  describe('writeFileAtomic', () => {
    it('writes a new file and replaces a regular one, leaving no temporary', () => {
      const dir = tmpDir('okstra-aw-');
      const file = path.join(dir, 'config.yaml');
      writeFileAtomic(file, 'a: 1\n');
      assert.equal(fs.readFileSync(file, 'utf8'), 'a: 1\n');
      fs.chmodSync(file, 0o600);
      writeFileAtomic(file, Buffer.from('a: 2\n'));
      assert.equal(fs.readFileSync(file, 'utf8'), 'a: 2\n');
      if (posix) assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'the permissions the user gave the file are kept');
      assert.deepEqual(temporaries(dir), []);
    });

    it('refuses a symbolic link as the target: the link and what it points to stay as they are', function () {
      if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
      const dir = tmpDir('okstra-aw-');
      const outside = path.join(tmpDir('okstra-outside-'), 'secret');
      fs.writeFileSync(outside, 'secret\n');
      const link = path.join(dir, 'config.yaml');
      fs.symlinkSync(outside, link);
      const e = fileError(() => writeFileAtomic(link, 'x: 1\n', { shownPath: '.okstra/config.yaml' }));
      assert.match(e.message, /^\.okstra\/config\.yaml: is a symbolic link; the wizard does not write through links/);
      assert.equal(fs.readFileSync(outside, 'utf8'), 'secret\n');
      assert.ok(fs.lstatSync(link).isSymbolicLink());
      assert.deepEqual(temporaries(dir), []);
    });

    it('refuses a directory, a FIFO, a socket and a device with `not a regular file`', async function () {
      if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
      const dir = tmpDir('okstra-aw-');
      const sub = path.join(dir, 'd');
      fs.mkdirSync(sub);
      const fifo = path.join(dir, 'f');
      execFileSync('mkfifo', [fifo]);
      const sock = path.join(dir, 's');
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(sock, resolve));
      try {
        for (const [p, kind] of [
          [sub, 'a directory'],
          [fifo, 'a FIFO'],
          [sock, 'a socket'],
          ['/dev/null', 'a character device'],
        ] as const) {
          const e = fileError(() => writeFileAtomic(p, 'x'));
          assert.equal(e.problem, `not a regular file (${kind}); nothing was written`);
        }
      } finally {
        server.close();
      }
      assert.ok(fs.statSync('/dev/null').isCharacterDevice());
      assert.ok(fs.statSync(fifo).isFIFO());
      assert.deepEqual(temporaries(dir), []);
    });

    it('a write that fails on a full disk removes its temporary and names the file', () => {
      const dir = tmpDir('okstra-aw-');
      const file = path.join(dir, 'a.json');
      fs.writeFileSync(file, 'old');
      const nodeFs = require('node:fs') as { writeSync: typeof fs.writeSync };
      const writeSync = nodeFs.writeSync;
      nodeFs.writeSync = () => {
        throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
      };
      let e: FileError;
      try {
        e = fileError(() => writeFileAtomic(file, 'new'));
      } finally {
        nodeFs.writeSync = writeSync;
      }
      assert.equal(e.message, `${file}: cannot write: no space left on the device (ENOSPC)`);
      assert.equal(fs.readFileSync(file, 'utf8'), 'old');
      assert.deepEqual(temporaries(dir), []);
    });

    it('a temporary is created exclusively: one planted at its name is never written through', function () {
      if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
      const dir = tmpDir('okstra-aw-');
      const outside = path.join(tmpDir('okstra-outside-'), 'victim');
      fs.writeFileSync(outside, 'victim\n');
      const file = path.join(dir, 'c.yaml');
      // Plant a link at the next temporary's name (the random part fixed for the test).
      const realRandom = Math.random;
      const planted = path.join(dir, `.c.yaml.tmp-${process.pid}-000000000000`);
      fs.symlinkSync(outside, planted);
      Math.random = () => 0;
      try {
        const e = fileError(() => writeFileAtomic(file, 'x: 1\n'));
        assert.match(e.message, /cannot write: .*EEXIST/);
      } finally {
        Math.random = realRandom;
      }
      assert.equal(fs.readFileSync(outside, 'utf8'), 'victim\n');
      assert.equal(fs.existsSync(file), false);
    });
  });

  it("the persist action writes .okstra/config.yaml through the store: a link planted at the old temporary's name is not followed", function () {
    if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
    const root = tmpDir('okstra-persist-');
    fs.mkdirSync(path.join(root, '.okstra'));
    const config = path.join(root, '.okstra', 'config.yaml');
    fs.writeFileSync(config, 'projectId: p\n');
    const outside = path.join(tmpDir('okstra-outside-'), 'victim');
    fs.writeFileSync(outside, 'victim\n');
    fs.symlinkSync(outside, `${config}.tmp-${process.pid}`);
    applyPersistAction(root, { action: 'set-config', file: '.okstra/config.yaml', key: 'prTemplate', value: 'docs/pr.md' } as never);
    assert.equal(fs.readFileSync(outside, 'utf8'), 'victim\n');
    assert.ok(fs.lstatSync(config).isFile());
    assert.equal(fs.readFileSync(config, 'utf8'), 'projectId: p\nprTemplate: docs/pr.md\n');
    // A config.yaml that is itself a link is refused, not replaced.
    const outsideYaml = path.join(path.dirname(outside), 'other.yaml');
    fs.writeFileSync(outsideYaml, 'a: 1\n');
    fs.rmSync(config);
    fs.symlinkSync(outsideYaml, config);
    assert.throws(
      () => applyPersistAction(root, { action: 'set-config', file: '.okstra/config.yaml', key: 'prTemplate', value: 'x' } as never),
      /\.okstra\/config\.yaml: is a symbolic link/,
    );
    assert.equal(fs.readFileSync(outsideYaml, 'utf8'), 'a: 1\n');
  });

  describe("createFileExclusive (a new task's manifest and brief)", () => {
    it('creates a missing file whole and leaves no temporary; an existing file, or a link where the file would be, is left as it is', function () {
      const dir = tmpDir('okstra-cx-');
      const file = path.join(dir, 'task-manifest.json');
      assert.equal(createFileExclusive(file, '{"a":1}\n'), true);
      assert.equal(fs.readFileSync(file, 'utf8'), '{"a":1}\n');
      assert.equal(createFileExclusive(file, '{"a":2}\n'), false, 'a second writer writes nothing');
      assert.equal(fs.readFileSync(file, 'utf8'), '{"a":1}\n');
      assert.deepEqual(temporaries(dir), []);
      if (!posix) return;
      const outside = path.join(tmpDir('okstra-outside-'), 'secret');
      const link = path.join(dir, 'brief.md');
      fs.symlinkSync(outside, link);
      assert.equal(createFileExclusive(link, 'planted'), false, 'a dangling link is something there');
      assert.equal(fs.existsSync(outside), false, 'nothing was written through the link');
      assert.deepEqual(temporaries(dir), []);
    });

    it('the host creates a new task through it: the workspace it opens writes the manifest and brief with the store', () => {
      const root = tmpDir('okstra-cx-host-');
      fs.mkdirSync(path.join(root, '.okstra', 'tasks'), { recursive: true });
      const host = new WizardHost({
        builtinProfilesDir: path.join(__dirname, '..', '..', '..', 'profiles'),
        environment: () => ({}) as EnvironmentPort,
        texts: () => textsFor('en'),
      });
      // The store creates a new file as a link to its fsynced temporary (a plain `wx` write makes no link).
      const linked: string[] = [];
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const nodeFs = require('node:fs') as { linkSync: typeof fs.linkSync };
      const link = nodeFs.linkSync;
      nodeFs.linkSync = (from: fs.PathLike, to: fs.PathLike) => {
        linked.push(path.basename(String(to)));
        link(from, to);
      };
      let created;
      try {
        created = host.context(root).workspace.createTask('g', 'new-task', 'New task');
      } finally {
        nodeFs.linkSync = link;
      }
      assert.deepEqual(linked.sort(), ['brief.md', 'task-manifest.json']);
      assert.equal(created.key, 'g/new-task');
      assert.match(
        fs.readFileSync(path.join(root, '.okstra', 'tasks', 'g', 'new-task', 'task-manifest.json'), 'utf8'),
        /"taskKey": "g\/new-task"/,
      );
      assert.deepEqual(temporaries(path.join(root, '.okstra', 'tasks', 'g', 'new-task')), []);
      assert.throws(() => host.context(root).workspace.createTask('g', 'new-task', 'Again'), /task 'g\/new-task' already exists/);
    });
  });

  describe('state files', () => {
    it('init --force refuses a target that is not a regular file (device, FIFO, directory)', function () {
      if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
      const dir = tmpDir('okstra-st-');
      const fifo = path.join(dir, 'f.wizard.json');
      execFileSync('mkfifo', [fifo]);
      const sub = path.join(dir, 'd.wizard.json');
      fs.mkdirSync(sub);
      for (const [p, kind] of [
        ['/dev/null', 'a character device'],
        [fifo, 'a FIFO'],
        [sub, 'a directory'],
      ] as const) {
        const e = fileError(() => createStateFile(p, state(), { force: true, shownPath: 'S' }));
        assert.match(e.message, new RegExp(`^S: not a regular file \\(${kind}\\)`));
      }
      assert.ok(fs.statSync('/dev/null').isCharacterDevice());
      assert.ok(fs.statSync(fifo).isFIFO());
      assert.deepEqual(fs.readdirSync(dir).sort(), ['d.wizard.json', 'f.wizard.json'], 'no lock or temporary beside them');
      assert.equal(
        fs.readdirSync('/dev').some((n) => n.startsWith('null.') || n.startsWith('.null.')),
        false,
        'nothing written in /dev',
      );
    });

    it('loading a FIFO, a device or a directory is `not a regular file` at once (never blocks)', function () {
      if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
      const dir = tmpDir('okstra-st-');
      const fifo = path.join(dir, 'f.wizard.json');
      execFileSync('mkfifo', [fifo]);
      assert.equal(fileError(() => loadStateFile(fifo, { shownPath: 'F' })).message, 'F: not a regular file (a FIFO)');
      assert.equal(fileError(() => loadStateFile('/dev/zero', { shownPath: 'Z' })).message, 'Z: not a regular file (a character device)');
    });

    it('saving a state file that is a symbolic link is refused; the link and its target stay', function () {
      if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
      const dir = tmpDir('okstra-st-');
      const real = path.join(dir, 'real.wizard.json');
      createStateFile(real, state('old'));
      const before = fs.readFileSync(real);
      const link = path.join(dir, 'link.wizard.json');
      fs.symlinkSync(real, link);
      const h = loadStateFile(link, { shownPath: 'L' });
      const e = fileError(() => saveStateFile(h, state('new')));
      assert.match(e.message, /^L: is a symbolic link; the wizard does not write through links/);
      assert.deepEqual(fs.readFileSync(real), before);
      assert.ok(fs.lstatSync(link).isSymbolicLink());
    });

    it('JSON nested 100,000 levels deep is a file error, not a crash', () => {
      const dir = tmpDir('okstra-st-');
      const file = path.join(dir, 'deep.wizard.json');
      fs.writeFileSync(file, '{"a":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}');
      assert.equal(fileError(() => loadStateFile(file, { shownPath: 'D' })).message, 'D: invalid JSON: nested deeper than 100 levels');
    });

    it('a save refused because the project moved does not recreate the old folders', () => {
      const root = tmpDir('okstra-st-');
      const dir = path.join(root, 'proj', '.okstra', 'tasks', 'g');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, 't.wizard.json');
      const h = createStateFile(file, state('old'));
      fs.renameSync(path.join(root, 'proj'), path.join(root, 'moved'));
      assert.throws(() => saveStateFile(h, state('new')), /state file changed on disk since it was read/);
      assert.equal(fs.existsSync(path.join(root, 'proj')), false, 'no empty folders were made');
    });

    it('every fs error of a reader is a FileError naming the file (EACCES through an injected fs)', () => {
      // The file exists (its stat says so) and opening it fails.
      const failing = (code: string): FileSystemCalls => ({
        ...(fs as unknown as FileSystemCalls),
        statSync: () => ({}),
        openSync: () => {
          throw Object.assign(new Error(`${code}: simulated`), { code });
        },
      });
      assert.equal(
        fileError(() => readRegularFileBytes(failing('EACCES'), '/x/config.yaml', '.okstra/config.yaml')).message,
        '.okstra/config.yaml: cannot read: permission denied (EACCES)',
      );
      assert.equal(
        fileError(() => readRegularFileBytes(failing('ELOOP'), '/x/a', 'a')).message,
        'a: cannot read: too many levels of symbolic links (a link loop) (ELOOP)',
      );
      assert.equal(
        fileError(() => readRegularFileBytes(failing('EWEIRD'), '/x/a', 'a')).message,
        'a: cannot read: EWEIRD: EWEIRD: simulated',
      );
      assert.equal(readRegularFileBytes(failing('ENOENT'), '/x/a', 'a'), null);
    });

    it('a missing file is null without an open; a stat that cannot tell leaves the answer to the open', () => {
      const opened: string[] = [];
      const counting = (stat: FileSystemCalls['statSync']): FileSystemCalls => ({
        ...(fs as unknown as FileSystemCalls),
        statSync: stat,
        openSync: (p: string, flags: number) => {
          opened.push(p);
          return fs.openSync(p, flags);
        },
      });
      const dir = tmpDir('okstra-missing-');
      const present = path.join(dir, 'present.md');
      fs.writeFileSync(present, 'text');
      const missing = path.join(dir, 'missing.md');
      const real = counting((p, o) => fs.statSync(p, o));
      assert.equal(readRegularFileBytes(real, missing, 'missing.md'), null);
      assert.deepEqual(opened, [], 'a missing file is not opened');
      assert.equal(Buffer.from(readRegularFileBytes(real, present, 'present.md')!).toString(), 'text');
      assert.deepEqual(opened, [present]);
      // A stat that fails (EACCES on a folder, say) does not decide: the open does, and words its error.
      const unsure = counting(() => {
        throw Object.assign(new Error('EACCES: simulated'), { code: 'EACCES' });
      });
      assert.equal(readRegularFileBytes(unsure, missing, 'missing.md'), null);
      assert.equal(Buffer.from(readRegularFileBytes(unsure, present, 'present.md')!).toString(), 'text');
      assert.deepEqual(opened, [present, missing, present]);
      // A subdirectory path under a file (ENOTDIR from the stat) is missing too, through the open.
      assert.equal(readRegularFileBytes(real, path.join(present, 'x'), 'present.md/x'), null);
    });
  });

  describe('locks always end', () => {
    function saveBeside(lock: (lockPath: string) => void): { ok: boolean; error?: string; lockPath: string } {
      const dir = tmpDir('okstra-lock-');
      const file = path.join(dir, 't.wizard.json');
      const h = createStateFile(file, state('old'));
      const lockPath = lockPathFor(file);
      lock(lockPath);
      try {
        saveStateFile(h, state('new'));
        return { ok: true, lockPath };
      } catch (e) {
        return { ok: false, error: (e as Error).message, lockPath };
      }
    }

    it('records pid, host and process start time', () => {
      const owner = parseLockOwner(lockOwnerText());
      assert.equal(owner.pid, process.pid);
      assert.equal(owner.host, os.hostname());
      assert.equal(owner.start, processStartTime('self'));
      if (fs.existsSync('/proc/self/stat')) assert.match(owner.start ?? '', /^\d+$/);
      assert.deepEqual(parseLockOwner(`12@h`), { pid: 12, host: 'h', start: null }, 'the older form is still read');
    });

    it('a lock that is an empty directory, a dangling link or a FIFO has expired', function () {
      if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
      for (const make of [
        (p: string) => fs.mkdirSync(p),
        (p: string) => fs.symlinkSync('/nonexistent/okstra-lock', p),
        (p: string) => execFileSync('mkfifo', [p]),
      ]) {
        const r = saveBeside(make);
        assert.equal(r.ok, true, r.error);
        assert.equal(fs.existsSync(r.lockPath), false);
      }
    });

    it('a symbolic link to a file is removed as a lock, never its target', function () {
      if (!posix) skipHere(this, 'FIFOs, sockets and devices are POSIX only');
      const target = path.join(tmpDir('okstra-outside-'), 'keep');
      fs.writeFileSync(target, `${process.pid}@${os.hostname()}`);
      const r = saveBeside((p) => fs.symlinkSync(target, p));
      assert.equal(r.ok, true, r.error);
      assert.equal(fs.readFileSync(target, 'utf8'), `${process.pid}@${os.hostname()}`);
    });

    it('a directory with files in it is not removed: the refusal names it and why removing it is safe', function () {
      this.timeout(10_000);
      const r = saveBeside((p) => {
        fs.mkdirSync(p);
        fs.writeFileSync(path.join(p, 'x'), '');
      });
      assert.equal(r.ok, false);
      assert.match(
        r.error!,
        new RegExp(`locked by ${r.lockPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, which is a directory with files in it; remove it`),
      );
    });

    it('garbage or an empty lock dated in the future has expired', () => {
      for (const text of ['', 'garbage']) {
        const r = saveBeside((p) => {
          fs.writeFileSync(p, text);
          const future = new Date(Date.now() + 3600_000);
          fs.utimesSync(p, future, future);
        });
        assert.equal(r.ok, true, r.error);
      }
    });

    it('a live pid whose start time differs from the recorded one is a reused pid: expired', function () {
      const mine = processStartTime('self');
      if (mine === null) skipHere(this, 'this platform has no process start times (/proc/<pid>/stat)');
      const r = saveBeside((p) =>
        fs.writeFileSync(p, JSON.stringify({ pid: process.pid, host: os.hostname(), start: String(Number(mine) + 1) })),
      );
      assert.equal(r.ok, true, r.error);
    });

    it('isLockStale: the decisions one by one', () => {
      const now = { host: 'h', startOf: (pid: number) => (pid === 7 ? '100' : null), alive: (pid: number) => pid === 7 };
      assert.equal(isLockStale({ pid: 7, host: 'h', start: '100' }, 0, now), false, 'the live writer');
      assert.equal(isLockStale({ pid: 7, host: 'h', start: '99' }, 0, now), true, 'pid reused');
      assert.equal(isLockStale({ pid: 7, host: 'h', start: null }, 0, now), false, 'an old lock of a live pid: cannot tell');
      assert.equal(isLockStale({ pid: 8, host: 'h', start: '1' }, 0, now), true, 'dead');
      assert.equal(isLockStale({ pid: 8, host: 'other', start: '1' }, 1000, now), false, 'young, another host');
      assert.equal(isLockStale({ pid: 8, host: 'other', start: '1' }, 61_000, now), true, 'old, another host');
      assert.equal(isLockStale({ pid: 8, host: 'other', start: '1' }, -61_000, now), true, 'far in the future, another host');
      assert.equal(isLockStale({ pid: null, host: null, start: null }, -1, now), true, 'garbage from the future');
      assert.equal(isLockStale({ pid: null, host: null, start: null }, 1000, now), false, 'young garbage');
    });
  });

  describe("a legacy file's continuation is never lost", () => {
    it('when the v1 bytes change, the newest companion of the file is continued, with a notice', () => {
      const dir = tmpDir('okstra-legacy-');
      const file = path.join(dir, 't.wizard.json');
      const v1 = { project_root: '/p', task_group: 'g', task_id: 't', task_type: 'error-analysis', answered: ['task-pick'] };
      fs.writeFileSync(file, JSON.stringify(v1, null, 2) + '\n');
      const h = loadStateFile(file);
      assert.deepEqual(h.notices, []);
      const saved = saveStateFile(h, state('kept answer'));
      const companion = saved.target;
      // git's autocrlf: the same JSON with CRLF line endings.
      const crlf = Buffer.from((JSON.stringify(v1, null, 2) + '\n').replace(/\n/g, '\r\n'));
      fs.writeFileSync(file, crlf);
      const again = loadStateFile(file, { shownPath: 'T' });
      assert.equal(again.legacy!.resumedFrom, 'previous-companion');
      assert.equal(again.legacy!.previousCompanion, companion);
      assert.equal(again.payload.directive, 'kept answer');
      assert.equal(again.notices.length, 1);
      assert.equal(again.notices[0]!.kind, 'legacy');
      assert.match(again.notices[0]!.text, /^T changed since its continuation was saved; continuing from /);
      // Saves go to the companion of the new bytes; the old companion is kept.
      const next = saveStateFile(again, state('after'));
      assert.ok(next.target.includes(sha(crlf)));
      assert.equal(JSON.parse(fs.readFileSync(companion, 'utf8')).directive, 'kept answer');
      assert.equal(loadStateFile(file).legacy!.resumedFrom, 'companion');
    });
  });
});
