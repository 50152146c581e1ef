// A state file on a read-only file system (a read-only mount, a CD, a snapshot): `init --force` is refused with the
// file system's own reason, never with "being written by process N" for a writer that is long gone. The read-only
// mount is simulated by failing every write in the folder with EROFS (as the kernel does), the reads left as they are.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultState } from '../../../src/core/wizard/stateSchema';
import { WizardError } from '../../../src/core/types';
import { createStateFile, lockPathFor } from '../../../src/store';

type Patched = 'renameSync' | 'unlinkSync' | 'linkSync' | 'writeFileSync' | 'openSync' | 'rmdirSync';

/** Makes every write under `dir` fail with EROFS while `run` runs. */
function readOnly<T>(dir: string, run: () => T): T {
  const saved = new Map<Patched, unknown>();
  // The module object itself (the namespace import is read-only); the store reads its functions at each call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('node:fs') as Record<Patched, (...a: unknown[]) => unknown>;
  const erofs = (p: unknown) => Object.assign(new Error(`EROFS: read-only file system, '${String(p)}'`), { code: 'EROFS' });
  const under = (p: unknown) => typeof p === 'string' && path.resolve(p).startsWith(dir + path.sep);
  for (const name of ['renameSync', 'unlinkSync', 'linkSync', 'writeFileSync', 'rmdirSync'] as const) {
    const real = mod[name];
    saved.set(name, real);
    mod[name] = (...a: unknown[]) => {
      if (a.some(under)) throw erofs(a[0]);
      return real.apply(fs, a);
    };
  }
  const realOpen = mod.openSync;
  saved.set('openSync', realOpen);
  mod.openSync = (...a: unknown[]) => {
    const flags = a[1];
    const writes =
      typeof flags === 'string'
        ? /[wa+]/.test(flags)
        : typeof flags === 'number' && (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR)) !== 0;
    if (under(a[0]) && writes) {
      if (fs.existsSync(String(a[0])) && typeof flags === 'string' && flags.includes('x'))
        throw Object.assign(new Error('EEXIST'), { code: 'EEXIST' });
      throw erofs(a[0]);
    }
    return realOpen.apply(fs, a);
  };
  try {
    return run();
  } finally {
    for (const [name, real] of saved) mod[name] = real as never;
  }
}

describe('store: a state file on a read-only file system', () => {
  it('T6: init --force beside the lock of a writer that died is refused naming the read-only file system, not the dead process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-ro-'));
    try {
      const file = path.join(dir, 'x.wizard.json');
      const state = { ...defaultState(), project_root: dir, workspace_root: path.join(dir, '.okstra') };
      createStateFile(file, state);
      // The lock a writer left when it died (the mount was writable then), of a pid that is not running.
      fs.writeFileSync(lockPathFor(file), `${2 ** 22 + 12345}@${os.hostname()}`);
      const before = fs.readFileSync(file);
      const err = readOnly(dir, () => {
        try {
          createStateFile(file, state, { force: true, shownPath: 'x.wizard.json' });
        } catch (e) {
          return e;
        }
        return undefined;
      });
      assert.ok(err instanceof WizardError, String(err));
      assert.equal(err.code, 'file-error', err.message);
      assert.match(err.message, /the file system is read-only \(EROFS\)/);
      assert.doesNotMatch(err.message, /process/);
      assert.deepEqual(fs.readFileSync(file), before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
