import { strict as assert } from 'node:assert';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { WizardError, type WizardState } from '../../../src/core/types';
import { defaultState } from '../../../src/core/wizard/stateSchema';
import { stateToJson } from '../../../src/core/wizard/stateCodec';
import {
  availableCompanionPath,
  canonicalCompanionPath,
  createStateFile,
  legacyCompanionPath,
  loadStateFile,
  lockPathFor,
  numberedCompanionPath,
  saveStateFile,
  saveStatePayload,
  STALE_READ_MESSAGE,
} from '../../../src/store';
import { cleanup, tmpDir } from '../workspace/helpers';
import { skipHere } from '../../helpers/skip';

const sha = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');

function v2State(overrides: Partial<WizardState> = {}): WizardState {
  return { ...defaultState(), project_root: '/p', workspace_root: '/p/.okstra', task_group: 'g', task_id: 't', ...overrides };
}

function v2Text(overrides: Partial<WizardState> = {}, legacySource?: { path: string; sha256: string }): string {
  return JSON.stringify(stateToJson(v2State(overrides), legacySource), null, 2) + '\n';
}

const V1 = {
  project_root: '/p',
  task_group: 'g',
  task_id: 't',
  task_type: 'error-analysis',
  workers_override: 'claude,codex',
  executor: '',
  answered: ['task-pick', 'task-type'],
};

function setup(v1: unknown = V1): { dir: string; file: string; bytes: Buffer; meta: { path: string; sha256: string } } {
  const dir = tmpDir('okstra-store-');
  const file = path.join(dir, 't.wizard.json');
  const bytes = Buffer.from(JSON.stringify(v1, null, 2) + '\n');
  fs.writeFileSync(file, bytes);
  return { dir, file, bytes, meta: { path: fs.realpathSync(file), sha256: sha(bytes) } };
}

function loadError(file: string, shown?: string): string {
  try {
    loadStateFile(file, { shownPath: shown });
  } catch (e) {
    assert.ok(e instanceof WizardError, String(e));
    return e.message;
  }
  assert.fail('expected a load error');
}

function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('store: the state file', () => {
  after(cleanup);

  describe('reading', () => {
    it('a v2 file: its payload, saves go to it, the sha256 of its bytes is remembered', () => {
      const dir = tmpDir('okstra-store-');
      const file = path.join(dir, 't.wizard.json');
      const text = v2Text({ task_type: 'implementation' });
      fs.writeFileSync(file, text);
      const h = loadStateFile(file);
      assert.equal(h.sourceVersion, 2);
      assert.equal(h.legacy, null);
      assert.equal(h.target, file);
      assert.equal(h.payload.task_type, 'implementation');
      assert.deepEqual(h.expected, [{ path: file, sha256: sha(text) }]);
    });

    it('a missing file, a folder', () => {
      const dir = tmpDir('okstra-store-');
      assert.equal(loadError(path.join(dir, 'none.wizard.json'), 'none.wizard.json'), 'none.wizard.json: state file not found');
      assert.equal(loadError(dir, 'd'), 'd: not a regular file (a directory)');
    });

    it('invalid JSON: `<path>:<line>:<column>: invalid JSON: <reason>`', () => {
      const { file } = setup();
      fs.writeFileSync(file, '{\n  "task_id": "t"\n  "x": 1\n}');
      assert.equal(loadError(file, 'S'), `S:3:3: invalid JSON: expected ',' or '}', got "\\""`);
    });

    it('a non-object is `wizard state must be a JSON object`, not a crash', () => {
      const { file } = setup();
      for (const text of ['[]', '"x"', '3', 'null']) {
        fs.writeFileSync(file, text);
        assert.equal(loadError(file, 'S'), 'S: wizard state must be a JSON object');
      }
    });

    it('absent, null or 1 → v1; 2 → v2; anything else → `unsupported wizard state version` with the Python repr', () => {
      const { file } = setup();
      const version = (v: unknown) => {
        fs.writeFileSync(
          file,
          JSON.stringify(v === undefined ? {} : { executionIdentityVersion: v, roleCounts: {}, roleModels: {}, roleSelectionOrder: [] }),
        );
        return loadStateFile(file).sourceVersion;
      };
      assert.equal(version(undefined), 1);
      assert.equal(version(null), 1);
      assert.equal(version(1), 1);
      assert.equal(version(2), 2);
      for (const [v, repr] of [
        [3, '3'],
        ['2', "'2'"],
        [true, 'True'],
        [false, 'False'],
        [0, '0'],
        [[2], '[2]'],
      ] as const) {
        fs.writeFileSync(file, JSON.stringify({ executionIdentityVersion: v }));
        assert.equal(loadError(file, 'S'), `S: unsupported wizard state version: ${repr}`);
      }
    });

    it('a UTF-8 BOM: hashed over the raw bytes, parsed without it', () => {
      const { file } = setup();
      const raw = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(V1))]);
      fs.writeFileSync(file, raw);
      const h = loadStateFile(file);
      assert.equal(h.payload.task_type, 'error-analysis');
      assert.equal(h.legacy!.source.sha256, sha(raw));
      assert.equal(h.target, canonicalCompanionPath(file, sha(raw)));
    });

    it('UTF-16 and UTF-32 (with or without BOM) and invalid UTF-8: `<path>: wizard state must be UTF-8`', () => {
      const { file } = setup();
      const json = JSON.stringify(V1);
      const le = Buffer.from(json, 'utf16le');
      const variants = [
        Buffer.concat([Buffer.from([0xff, 0xfe]), le]),
        Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]),
        le,
        Buffer.concat([Buffer.from([0x00, 0x00, 0xfe, 0xff]), Buffer.from([0, 0, 0, 0x7b])]),
        Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]),
      ];
      for (const b of variants) {
        fs.writeFileSync(file, b);
        assert.equal(loadError(file, 'S'), 'S: wizard state must be UTF-8');
      }
    });
  });

  describe('legacy v1 files and their companions', () => {
    it('R-IO-1: companion names', () => {
      assert.equal(legacyCompanionPath('/d/s.json'), '/d/s.json.v2.json');
      assert.equal(canonicalCompanionPath('/d/s.json', 'ab'), '/d/s.json.v2.ab.json');
      assert.equal(numberedCompanionPath('/d/s.json', 'ab', 3), '/d/s.json.v2.ab.3.json');
    });

    it('R-IO-2: legacySource is the resolved path and the sha256 of the exact bytes', () => {
      const { file, bytes } = setup();
      const link = path.join(tmpDir('okstra-link-'), 'link.wizard.json');
      fs.symlinkSync(file, link);
      const h = loadStateFile(link);
      assert.notEqual(fs.realpathSync(file), link);
      assert.deepEqual(h.legacy!.source, { path: fs.realpathSync(file), sha256: sha(bytes) });
    });

    it('R-IO-3: without a companion the v1 payload is returned for conversion and saves go to the canonical companion', () => {
      const { file, bytes } = setup();
      const h = loadStateFile(file);
      assert.equal(h.sourceVersion, 1);
      assert.equal(h.legacy!.resumedFrom, null);
      assert.equal(h.payload.workers_override, 'claude,codex');
      assert.equal(h.payloadPath, file);
      assert.equal(h.target, canonicalCompanionPath(file, sha(bytes)));
      assert.deepEqual(h.expected, [
        { path: file, sha256: sha(bytes) },
        { path: h.target, sha256: null },
      ]);
    });

    it('R-IO-4, R3: saves of a legacy-sourced state go to the companion with legacySource last; the v1 file is never written', () => {
      const { file, bytes, meta } = setup();
      let h = loadStateFile(file);
      for (let i = 0; i < 5; i++) h = saveStateFile(h, v2State({ directive: `step ${i}` }));
      assert.equal(sha(fs.readFileSync(file)), sha(bytes));
      const companion = canonicalCompanionPath(file, sha(bytes));
      const written = JSON.parse(fs.readFileSync(companion, 'utf8'));
      assert.equal(written.directive, 'step 4');
      assert.equal(written.executionIdentityVersion, 2);
      assert.deepEqual(Object.keys(written).slice(-1), ['legacySource']);
      assert.deepEqual(written.legacySource, meta);
    });

    it('R-IO-6: the next load resumes from the companion it wrote', () => {
      const { file } = setup();
      saveStateFile(loadStateFile(file), v2State({ directive: 'resumed' }));
      const h = loadStateFile(file);
      assert.equal(h.legacy!.resumedFrom, 'companion');
      assert.equal(h.payload.directive, 'resumed');
      assert.equal(h.payloadPath, h.target);
    });

    it('R-IO-6 (deliberately changed): when the v1 bytes change, the old companion no longer matches by sha256, but it is continued with a notice instead of a silent fresh conversion', () => {
      const { file } = setup();
      saveStateFile(loadStateFile(file), v2State({ directive: 'old' }));
      fs.writeFileSync(file, JSON.stringify({ ...V1, task_type: 'implementation' }));
      const h = loadStateFile(file);
      assert.equal(h.legacy!.resumedFrom, 'previous-companion');
      assert.equal(h.payload.directive, 'old');
      assert.deepEqual(
        h.notices.map((n) => n.kind),
        ['legacy'],
      );
      // Without any companion of the file, a fresh conversion starts as before.
      for (const n of fs.readdirSync(path.dirname(file))) if (n.includes('.v2.')) fs.rmSync(path.join(path.dirname(file), n));
      const fresh = loadStateFile(file);
      assert.equal(fresh.legacy!.resumedFrom, null);
      assert.equal(fresh.payload.task_type, 'implementation');
    });

    it('companions: canonical first, then `.<n>` in numeric order (.2 before .10); other names are ignored', () => {
      const { file, meta } = setup();
      const s = meta.sha256;
      const other = { path: '/elsewhere/x.json', sha256: s };
      fs.mkdirSync('/elsewhere', { recursive: true });
      fs.writeFileSync('/elsewhere/x.json', 'exists');
      try {
        fs.writeFileSync(canonicalCompanionPath(file, s), v2Text({ directive: 'canonical, other path' }, other));
        fs.writeFileSync(numberedCompanionPath(file, s, 10), v2Text({ directive: 'ten' }, meta));
        fs.writeFileSync(numberedCompanionPath(file, s, 2), v2Text({ directive: 'two' }, meta));
        fs.writeFileSync(`${file}.v2.${s}.bak.json`, v2Text({ directive: 'stray' }, meta));
        fs.writeFileSync(`${file}.v2.${s}.01.json`, v2Text({ directive: 'leading zero' }, meta));
        const h = loadStateFile(file);
        assert.equal(h.payload.directive, 'two');
        assert.equal(h.target, numberedCompanionPath(file, s, 2));
        // The canonical one wins when it matches.
        fs.writeFileSync(canonicalCompanionPath(file, s), v2Text({ directive: 'canonical' }, meta));
        assert.equal(loadStateFile(file).payload.directive, 'canonical');
      } finally {
        fs.rmSync('/elsewhere', { recursive: true, force: true });
      }
    });

    it('R-IO-3: a candidate with a BOM, bad JSON, a non-v2 version, another source or a payload the codec refuses is skipped', () => {
      const { file, meta } = setup();
      const s = meta.sha256;
      fs.writeFileSync(
        canonicalCompanionPath(file, s),
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(v2Text({ directive: 'bom' }, meta))]),
      );
      fs.writeFileSync(numberedCompanionPath(file, s, 1), '{ not json');
      fs.writeFileSync(numberedCompanionPath(file, s, 2), JSON.stringify({ ...JSON.parse(v2Text({}, meta)), executionIdentityVersion: 1 }));
      fs.writeFileSync(numberedCompanionPath(file, s, 3), v2Text({ directive: 'other sha' }, { path: meta.path, sha256: '0'.repeat(64) }));
      const mixed = JSON.parse(v2Text({ directive: 'mixed' }, meta));
      delete mixed.roleCounts; // the codec refuses it: mixed wizard state versions
      fs.writeFileSync(numberedCompanionPath(file, s, 4), JSON.stringify(mixed));
      fs.writeFileSync(
        numberedCompanionPath(file, s, 5),
        JSON.stringify({ ...JSON.parse(v2Text({ directive: 'extra key in legacySource' })), legacySource: { ...meta, extra: 1 } }),
      );
      fs.writeFileSync(numberedCompanionPath(file, s, 6), v2Text({ directive: 'good' }, meta));
      const h = loadStateFile(file);
      assert.equal(h.payload.directive, 'good');
      assert.equal(h.target, numberedCompanionPath(file, s, 6));
    });

    it('R-IO-3: an injected validator decides which candidate loads', () => {
      const { file, meta } = setup();
      fs.writeFileSync(canonicalCompanionPath(file, meta.sha256), v2Text({ directive: 'refused' }, meta));
      const h = loadStateFile(file, {
        validateCompanion: (p) => {
          if (p.directive === 'refused') throw new WizardError('file-error', 'no');
        },
      });
      assert.equal(h.legacy!.resumedFrom, null);
      // The canonical path is taken (by a candidate that did not match), so saves go to `.1`.
      assert.equal(h.target, numberedCompanionPath(file, meta.sha256, 1));
    });

    it('R-IO-3 step 6: a non-matching canonical companion moves new saves to the first free `.<n>`', () => {
      const { file, meta } = setup();
      fs.writeFileSync(canonicalCompanionPath(file, meta.sha256), 'garbage');
      fs.writeFileSync(numberedCompanionPath(file, meta.sha256, 1), 'garbage');
      assert.equal(availableCompanionPath(file, meta.sha256), numberedCompanionPath(file, meta.sha256, 2));
      let h = loadStateFile(file);
      h = saveStateFile(h, v2State({ directive: 'x' }));
      assert.equal(h.target, numberedCompanionPath(file, meta.sha256, 2));
      assert.equal(fs.readFileSync(canonicalCompanionPath(file, meta.sha256), 'utf8'), 'garbage');
      assert.equal(loadStateFile(file).payload.directive, 'x');
    });

    it('the legacy `<name>.v2.json` is read for resume but never written', () => {
      const { file, meta } = setup();
      const legacyJson = legacyCompanionPath(file);
      const text = v2Text({ directive: 'from v2.json' }, meta);
      fs.writeFileSync(legacyJson, text);
      let h = loadStateFile(file);
      assert.equal(h.legacy!.resumedFrom, 'legacy-v2-json');
      assert.equal(h.payload.directive, 'from v2.json');
      assert.equal(h.target, canonicalCompanionPath(file, meta.sha256));
      h = saveStateFile(h, v2State({ directive: 'saved' }));
      assert.equal(fs.readFileSync(legacyJson, 'utf8'), text);
      const again = loadStateFile(file);
      assert.equal(again.legacy!.resumedFrom, 'companion');
      assert.equal(again.payload.directive, 'saved');
    });

    it('a content-addressed companion is preferred over the legacy `<name>.v2.json`', () => {
      const { file, meta } = setup();
      fs.writeFileSync(legacyCompanionPath(file), v2Text({ directive: 'v2.json' }, meta));
      fs.writeFileSync(numberedCompanionPath(file, meta.sha256, 1), v2Text({ directive: 'numbered' }, meta));
      assert.equal(loadStateFile(file).payload.directive, 'numbered');
    });

    it('after the project moved, a companion with the same sha256 whose recorded path no longer exists is accepted', () => {
      const { file, meta } = setup();
      const moved = { path: '/old/home/project/.okstra/tasks/g/t.wizard.json', sha256: meta.sha256 };
      fs.writeFileSync(canonicalCompanionPath(file, meta.sha256), v2Text({ directive: 'moved' }, moved));
      const h = loadStateFile(file);
      assert.equal(h.payload.directive, 'moved');
      // The next save records the current path.
      saveStateFile(h, v2State({ directive: 'moved' }));
      assert.deepEqual(JSON.parse(fs.readFileSync(h.target, 'utf8')).legacySource, meta);
    });

    it('a companion recorded for another existing file does not match', () => {
      const { file, meta } = setup();
      const twin = path.join(path.dirname(file), 'twin.wizard.json');
      fs.copyFileSync(file, twin);
      fs.writeFileSync(
        canonicalCompanionPath(file, meta.sha256),
        v2Text({ directive: 'twin' }, { path: fs.realpathSync(twin), sha256: meta.sha256 }),
      );
      assert.equal(loadStateFile(file).legacy!.resumedFrom, null);
    });

    it('a companion opened directly keeps its legacySource when saved', () => {
      const { file, meta } = setup();
      saveStateFile(loadStateFile(file), v2State({ directive: 'a' }));
      const companion = canonicalCompanionPath(file, meta.sha256);
      const h = loadStateFile(companion);
      assert.equal(h.sourceVersion, 2);
      saveStateFile(h, v2State({ directive: 'b' }));
      assert.deepEqual(JSON.parse(fs.readFileSync(companion, 'utf8')).legacySource, meta);
      assert.equal(loadStateFile(file).payload.directive, 'b');
    });
  });

  describe('writing', () => {
    it('R-IO-5: `JSON.stringify(payload, null, 2) + "\\n"`, UTF-8 without BOM; a v2 save drops legacySource', () => {
      const dir = tmpDir('okstra-store-');
      const file = path.join(dir, 't.wizard.json');
      const h = createStateFile(file, v2State({ directive: 'ünïcödé' }));
      const payload = { ...stateToJson(v2State()), legacySource: { path: '/x', sha256: 'y' } };
      saveStatePayload(h, payload);
      const bytes = fs.readFileSync(file);
      assert.notEqual(bytes[0], 0xef);
      const expected = { ...payload } as Record<string, unknown>;
      delete expected.legacySource;
      assert.equal(bytes.toString('utf8'), JSON.stringify(expected, null, 2) + '\n');
    });

    it('a save keeps the file permissions', function () {
      if (process.platform === 'win32') skipHere(this, 'file modes are POSIX only');
      const dir = tmpDir('okstra-store-');
      const file = path.join(dir, 't.wizard.json');
      const h = createStateFile(file, v2State());
      fs.chmodSync(file, 0o600);
      saveStateFile(h, v2State({ directive: 'x' }));
      assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    });

    it('consecutive saves through the returned handle succeed; the handle that was used is stale afterwards', () => {
      const { file } = setup();
      const first = loadStateFile(file);
      const second = saveStateFile(first, v2State({ directive: '1' }));
      const third = saveStateFile(second, v2State({ directive: '2' }));
      assert.throws(() => saveStateFile(first, v2State({ directive: 'stale' })), new RegExp(STALE_READ_MESSAGE));
      assert.equal(loadStateFile(file).payload.directive, '2');
      assert.ok(third);
    });

    it('quality R2: a write based on a stale read is refused and writes nothing', () => {
      const dir = tmpDir('okstra-store-');
      const file = path.join(dir, 't.wizard.json');
      createStateFile(file, v2State({ directive: 'original' }));
      const a = loadStateFile(file);
      const b = loadStateFile(file);
      saveStateFile(a, v2State({ directive: 'writer A' }));
      const before = fs.readFileSync(file);
      assert.throws(
        () => saveStateFile(b, v2State({ directive: 'writer B' })),
        (e: unknown) => e instanceof WizardError && e.message === STALE_READ_MESSAGE,
      );
      assert.deepEqual(fs.readFileSync(file), before);
      assert.deepEqual(fs.readdirSync(dir).sort(), ['t.wizard.json']);
    });

    it('quality R2: a file deleted since it was read is a stale read too', () => {
      const dir = tmpDir('okstra-store-');
      const file = path.join(dir, 't.wizard.json');
      const h = createStateFile(file, v2State());
      fs.unlinkSync(file);
      assert.throws(() => saveStateFile(h, v2State()), new RegExp(STALE_READ_MESSAGE));
      assert.equal(fs.existsSync(file), false);
    });

    it('quality R2, R3: for a legacy file, a companion written by another process or a changed v1 file refuses the save', () => {
      const { file, bytes } = setup();
      const a = loadStateFile(file);
      const b = loadStateFile(file);
      saveStateFile(a, v2State({ directive: 'A' }));
      assert.throws(() => saveStateFile(b, v2State({ directive: 'B' })), new RegExp(STALE_READ_MESSAGE));
      assert.equal(loadStateFile(file).payload.directive, 'A');
      const c = loadStateFile(file);
      fs.writeFileSync(file, Buffer.concat([bytes, Buffer.from(' ')]));
      assert.throws(() => saveStateFile(c, v2State({ directive: 'C' })), new RegExp(STALE_READ_MESSAGE));
      assert.equal(JSON.parse(fs.readFileSync(c.target, 'utf8')).directive, 'A');
    });

    it('quality R1: a write that fails before the rename leaves the old file and no temporary', () => {
      const dir = tmpDir('okstra-store-');
      const file = path.join(dir, 't.wizard.json');
      const h = createStateFile(file, v2State({ directive: 'old' }));
      const before = fs.readFileSync(file);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const nodeFs = require('node:fs') as { renameSync: typeof fs.renameSync };
      const rename = nodeFs.renameSync;
      nodeFs.renameSync = () => {
        throw Object.assign(new Error('simulated crash'), { code: 'EIO' });
      };
      try {
        assert.throws(() => saveStateFile(h, v2State({ directive: 'new' })), /t\.wizard\.json: cannot write: input\/output error \(EIO\)/);
      } finally {
        nodeFs.renameSync = rename;
      }
      assert.deepEqual(fs.readFileSync(file), before);
      assert.deepEqual(fs.readdirSync(dir), ['t.wizard.json']);
      // The lock was released: the next save works.
      saveStateFile(h, v2State({ directive: 'new' }));
      assert.equal(loadStateFile(file).payload.directive, 'new');
    });

    it('quality R1: a saver killed at random moments leaves either the old or the new complete file; its leftovers go at the next load', async function () {
      this.timeout(60000);
      const dir = tmpDir('okstra-store-');
      const file = path.join(dir, 't.wizard.json');
      createStateFile(file, v2State({ directive: 'v0' }));
      const storeIndex = path.resolve(__dirname, '../../../src/store/index.ts');
      const script = `
        const store = require(${JSON.stringify(storeIndex)});
        const { defaultState } = require(${JSON.stringify(path.resolve(__dirname, '../../../src/core/wizard/stateSchema.ts'))});
        let h = store.loadStateFile(${JSON.stringify(file)});
        for (let i = 1; ; i++) {
          h = store.saveStateFile(h, { ...defaultState(), directive: 'v' + i + ' ' + 'x'.repeat(20000 + (i % 7) * 3000) });
        }`;
      const { spawn } = require('node:child_process') as typeof import('node:child_process');
      const kills = 3;
      for (let k = 0; k < kills; k++) {
        const child = spawn(process.execPath, ['-r', 'tsx/cjs', '-e', script], {
          stdio: 'ignore',
          cwd: path.resolve(__dirname, '../../..'),
        });
        const start = Date.now();
        const startText = fs.readFileSync(file, 'utf8');
        // Wait until it has written at least once, then a random extra moment.
        while (fs.readFileSync(file, 'utf8') === startText && Date.now() - start < 20000) spawnSync('sleep', ['0.02']);
        spawnSync('sleep', [String(Math.random() * 0.05)]);
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGKILL');
        await exited; // reaped: a zombie would still count as alive
        const text = fs.readFileSync(file, 'utf8');
        const parsed = JSON.parse(text);
        assert.match(parsed.directive, /^v\d+ x+$/);
        assert.equal(text, JSON.stringify(stateToJson({ ...defaultState(), directive: parsed.directive }), null, 2) + '\n');
        loadStateFile(file); // removes the dead writer's temporaries and lock
        assert.deepEqual(fs.readdirSync(dir), ['t.wizard.json']);
      }
    });
  });

  describe('locks and stray files', () => {
    it('a live lock: the writer waits up to 2 s, then `state file is being written by process <pid>; try again`', function () {
      this.timeout(10000);
      const dir = tmpDir('okstra-store-');
      const file = path.join(dir, 't.wizard.json');
      const h = createStateFile(file, v2State({ directive: 'old' }));
      const before = fs.readFileSync(file);
      fs.writeFileSync(lockPathFor(file), `${process.pid}@${os.hostname()}`);
      assert.throws(
        () => saveStateFile(h, v2State({ directive: 'new' })),
        (e: unknown) =>
          e instanceof WizardError &&
          e.message.startsWith(`state file is being written by process ${process.pid}; try again.`) &&
          e.message.includes(`remove ${lockPathFor(file)}`),
      );
      assert.deepEqual(fs.readFileSync(file), before);
      assert.deepEqual(fs.readdirSync(dir).sort(), ['t.wizard.json', 't.wizard.json.lock']);
    });

    it('a lock whose pid is dead on this host is stale: the writer breaks it and saves', () => {
      const dir = tmpDir('okstra-store-');
      const file = path.join(dir, 't.wizard.json');
      const h = createStateFile(file, v2State());
      fs.writeFileSync(lockPathFor(file), `${deadPid()}@${os.hostname()}`);
      saveStateFile(h, v2State({ directive: 'after stale lock' }));
      assert.equal(loadStateFile(file).payload.directive, 'after stale lock');
      assert.equal(fs.existsSync(lockPathFor(file)), false);
    });

    it('a load removes stale temporaries and locks only: dead pid here, or older than 60 s; a live writer’s stay', () => {
      const dir = tmpDir('okstra-store-');
      const file = path.join(dir, 't.wizard.json');
      createStateFile(file, v2State());
      const dead = deadPid();
      const deadTmp = path.join(dir, `.t.wizard.json.tmp-${dead}-abc123`);
      const deadCompanionTmp = path.join(dir, `.t.wizard.json.v2.${'a'.repeat(64)}.json.tmp-${dead}-abc123`);
      const liveTmp = path.join(dir, `.t.wizard.json.tmp-${process.pid}-def456`);
      const oldLiveTmp = path.join(dir, `.t.wizard.json.tmp-${process.pid}-0ff1ce`);
      const otherFileTmp = path.join(dir, `.u.wizard.json.tmp-${dead}-abc123`);
      for (const f of [deadTmp, deadCompanionTmp, liveTmp, oldLiveTmp, otherFileTmp]) fs.writeFileSync(f, '{');
      const old = new Date(Date.now() - 120_000);
      fs.utimesSync(oldLiveTmp, old, old);
      fs.writeFileSync(lockPathFor(file), `${process.pid}@${os.hostname()}`);
      loadStateFile(file);
      assert.deepEqual(
        fs.readdirSync(dir).sort(),
        [path.basename(liveTmp), path.basename(otherFileTmp), 't.wizard.json', 't.wizard.json.lock'].sort(),
      );
      // A foreign host's lock: live while young, stale after 60 s.
      fs.writeFileSync(lockPathFor(file), '12345@some-other-host');
      loadStateFile(file);
      assert.equal(fs.existsSync(lockPathFor(file)), true);
      fs.utimesSync(lockPathFor(file), old, old);
      loadStateFile(file);
      assert.equal(fs.existsSync(lockPathFor(file)), false);
      // A dead pid on this host.
      fs.writeFileSync(lockPathFor(file), `${dead}@${os.hostname()}`);
      loadStateFile(file);
      assert.equal(fs.existsSync(lockPathFor(file)), false);
    });
  });

  describe('creating', () => {
    it('creates a new file; refuses an existing one unless forced; refuses a v1 file even then', () => {
      const { dir, file } = setup();
      const fresh = path.join(dir, 'new.wizard.json');
      const h = createStateFile(fresh, v2State({ directive: 'x' }), { shownPath: 'new.wizard.json' });
      assert.equal(h.sourceVersion, 2);
      assert.equal(loadStateFile(fresh).payload.directive, 'x');
      assert.throws(() => createStateFile(fresh, v2State(), { shownPath: 'N' }), /^WizardError: N: state file already exists$/);
      createStateFile(fresh, v2State({ directive: 'forced' }), { force: true });
      assert.equal(loadStateFile(fresh).payload.directive, 'forced');
      const v1 = fs.readFileSync(file);
      assert.throws(
        () => createStateFile(file, v2State(), { force: true, shownPath: 'S' }),
        /^WizardError: S: legacy v1 state; choose another path$/,
      );
      assert.deepEqual(fs.readFileSync(file), v1);
    });
  });
});
