import { strict as assert } from 'node:assert';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WizardError, type WizardState } from '../../../src/core/types';
import { defaultState } from '../../../src/core/wizard/stateSchema';
import { stateToJson } from '../../../src/core/wizard/stateCodec';
import {
  backupNameFor,
  backupStateFile,
  backupTimestamp,
  canonicalCompanionPath,
  createStateFile,
  legacyCompanionPath,
  listUnfinishedWizards,
  loadStateFile,
  moveStateFile,
  numberedCompanionPath,
  probeStateFile,
  saveStateFile,
  STALE_READ_MESSAGE,
  stateFilePathFor,
} from '../../../src/store';
import { cleanup, copyFixture, tmpDir } from '../workspace/helpers';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const NOW = new Date('2026-11-29T13:04:05.678Z');

function st(o: Partial<WizardState> = {}): WizardState {
  return { ...defaultState(), ...o };
}

function touch(file: string, secondsAgo: number): void {
  const t = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, t, t);
}

describe('store: the wizard files of a project', () => {
  after(cleanup);

  describe('listUnfinishedWizards (Resume)', () => {
    it('lists unfinished states newest first; confirmed and aborted ones, backups and companions are left out', () => {
      const root = tmpDir('okstra-list-');
      const a = createStateFile(
        stateFilePathFor(root, 'g', 'a'),
        st({ task_type: 'implementation', answered: ['task-pick', 'task-type'] }),
      );
      createStateFile(stateFilePathFor(root, 'g', 'b'), st());
      createStateFile(stateFilePathFor(root, 'h', 'c'), st({ confirmed: true }));
      createStateFile(stateFilePathFor(root, 'h', 'd'), st({ aborted: true }));
      createStateFile(stateFilePathFor(root, 'h', 'e'), st({ confirmed: false }));
      fs.writeFileSync(path.join(root, '.okstra/tasks/g/a.wizard.20261101T000000Z.bak.json'), JSON.stringify(stateToJson(st())));
      touch(a.path, 30);
      touch(stateFilePathFor(root, 'g', 'b'), 20);
      touch(stateFilePathFor(root, 'h', 'e'), 10);
      const list = listUnfinishedWizards(root);
      assert.deepEqual(
        list.map((w) => w.key),
        ['h/e', 'g/b', 'g/a'],
      );
      const ga = list[2]!;
      assert.deepEqual(
        { ...ga, mtimeMs: 0 },
        { path: a.path, key: 'g/a', group: 'g', id: 'a', mtimeMs: 0, legacy: false, taskType: 'implementation', answered: 2 },
      );
    });

    it('a legacy v1 file is judged by its companion, and a broken file is listed with its error', () => {
      const root = copyFixture('okstra-project');
      const legacy = stateFilePathFor(root, 'payments', 'refund-timeout');
      let list = listUnfinishedWizards(root);
      assert.deepEqual(
        list.map((w) => [w.key, w.legacy]),
        [['payments/refund-timeout', true]],
      );
      saveStateFile(loadStateFile(legacy), st({ confirmed: true }));
      assert.deepEqual(listUnfinishedWizards(root), []);
      fs.writeFileSync(stateFilePathFor(root, 'search', 'autocomplete'), '{"oops": ');
      list = listUnfinishedWizards(root);
      assert.equal(list.length, 1);
      assert.equal(list[0]!.key, 'search/autocomplete');
      assert.match(list[0]!.error!, /^\.okstra\/tasks\/search\/autocomplete\.wizard\.json:1:10: invalid JSON: unexpected end of input$/);
    });

    it('never writes or cleans anything', () => {
      const root = tmpDir('okstra-list-');
      const file = stateFilePathFor(root, 'g', 'a');
      createStateFile(file, st());
      const stray = path.join(path.dirname(file), '.a.wizard.json.tmp-999999-abc');
      fs.writeFileSync(stray, 'x');
      touch(stray, 600);
      listUnfinishedWizards(root);
      assert.equal(fs.existsSync(stray), true);
    });

    it('a project without tasks lists nothing', () => {
      assert.deepEqual(listUnfinishedWizards(tmpDir()), []);
    });
  });

  describe('probeStateFile', () => {
    it('missing, unfinished, confirmed, aborted, unreadable; a legacy file through its companion', () => {
      const root = copyFixture('okstra-project');
      const f = (id: string) => stateFilePathFor(root, 'g', id);
      assert.deepEqual(probeStateFile(f('none')), { status: 'missing', legacy: false });
      createStateFile(f('u'), st());
      createStateFile(f('c'), st({ confirmed: true }));
      createStateFile(f('a'), st({ aborted: true, confirmed: true }));
      fs.writeFileSync(f('x'), '[');
      assert.equal(probeStateFile(f('u')).status, 'unfinished');
      assert.equal(probeStateFile(f('c')).status, 'confirmed');
      assert.equal(probeStateFile(f('a')).status, 'aborted');
      assert.deepEqual(probeStateFile(f('x'), { shownPath: 'X' }), {
        status: 'unreadable',
        legacy: false,
        error: 'X:1:2: invalid JSON: unexpected end of input',
      });
      const legacy = stateFilePathFor(root, 'payments', 'refund-timeout');
      assert.deepEqual(probeStateFile(legacy), { status: 'unfinished', legacy: true });
      saveStateFile(loadStateFile(legacy), st({ confirmed: true }));
      assert.deepEqual(probeStateFile(legacy), { status: 'confirmed', legacy: true });
    });
  });

  describe('start over: backupStateFile', () => {
    it('names: `<id>.wizard.<YYYYMMDDTHHMMSSZ>.bak.json`', () => {
      assert.equal(backupTimestamp(NOW), '20261129T130405Z');
      assert.equal(backupNameFor('t.wizard.json', '20261129T130405Z'), 't.wizard.20261129T130405Z.bak.json');
      assert.equal(backupNameFor('t.wizard.json', '20261129T130405Z', 2), 't.wizard.20261129T130405Z-2.bak.json');
    });

    it('a v2 file is renamed, bytes unchanged; a second start-over in the same second gets `-2`', () => {
      const dir = tmpDir('okstra-bak-');
      const file = path.join(dir, 't.wizard.json');
      createStateFile(file, st({ directive: 'first' }));
      const bytes = fs.readFileSync(file);
      const r = backupStateFile(file, NOW)!;
      assert.equal(r.backupPath, path.join(dir, 't.wizard.20261129T130405Z.bak.json'));
      assert.deepEqual(fs.readFileSync(r.backupPath), bytes);
      assert.equal(fs.existsSync(file), false);
      createStateFile(file, st({ directive: 'second' }));
      assert.equal(backupStateFile(file, NOW)!.backupPath, path.join(dir, 't.wizard.20261129T130405Z-2.bak.json'));
      assert.equal(backupStateFile(file, NOW), null);
    });

    it('R3: a legacy v1 file is renamed with its bytes unchanged, and its companions with it', () => {
      const root = copyFixture('okstra-project');
      const file = stateFilePathFor(root, 'payments', 'refund-timeout');
      const v1 = fs.readFileSync(file);
      const s = sha(v1);
      saveStateFile(loadStateFile(file), st({ directive: 'in companion' }));
      fs.writeFileSync(numberedCompanionPath(file, s, 1), 'second companion');
      fs.writeFileSync(legacyCompanionPath(file), 'old v2.json');
      const r = backupStateFile(file, NOW)!;
      const bak = path.join(path.dirname(file), 'refund-timeout.wizard.20261129T130405Z.bak.json');
      assert.equal(r.backupPath, bak);
      assert.equal(sha(fs.readFileSync(bak)), s);
      assert.deepEqual(
        r.moved.map((m) => path.basename(m.to)).sort(),
        [
          path.basename(bak),
          `${path.basename(bak)}.v2.${s}.json`,
          `${path.basename(bak)}.v2.${s}.1.json`,
          `${path.basename(bak)}.v2.json`,
        ].sort(),
      );
      assert.equal(JSON.parse(fs.readFileSync(`${bak}.v2.${s}.json`, 'utf8')).directive, 'in companion');
      assert.deepEqual(
        fs.readdirSync(path.dirname(file)).filter((n) => n.startsWith('refund-timeout.wizard.json')),
        [],
      );
      // The backup still resumes through its companion (its hash matches and the recorded path no longer exists).
      assert.equal(loadStateFile(bak).payload.directive, 'in companion');
    });
  });

  describe('moving a state to another task', () => {
    it('writes the new file and deletes the old one', () => {
      const root = tmpDir('okstra-move-');
      const from = stateFilePathFor(root, 'g', 'a');
      const to = stateFilePathFor(root, 'g', 'b');
      const h = createStateFile(from, st({ task_id: 'a' }));
      const r = moveStateFile(h, to, st({ task_id: 'b' }), { destKey: 'g/b' });
      assert.equal(r.deletedOld, true);
      assert.equal(r.backup, null);
      assert.equal(fs.existsSync(from), false);
      assert.equal(loadStateFile(to).payload.task_id, 'b');
      // The returned handle saves to the new file.
      saveStateFile(r.handle, st({ task_id: 'b', directive: 'next' }));
      assert.equal(loadStateFile(to).payload.directive, 'next');
    });

    it("refuses with `task '<key>' already has an unfinished wizard` and writes nothing", () => {
      const root = tmpDir('okstra-move-');
      const from = stateFilePathFor(root, 'g', 'a');
      const to = stateFilePathFor(root, 'g', 'b');
      const h = createStateFile(from, st({ task_id: 'a' }));
      createStateFile(to, st({ task_id: 'b', directive: 'theirs' }));
      const before = fs.readFileSync(to);
      assert.throws(
        () => moveStateFile(h, to, st({ task_id: 'b' }), { destKey: 'g/b' }),
        (e: unknown) => e instanceof WizardError && e.message === "task 'g/b' already has an unfinished wizard",
      );
      assert.deepEqual(fs.readFileSync(to), before);
      assert.equal(fs.existsSync(from), true);
      // An unreadable destination counts as unfinished.
      fs.writeFileSync(to, 'not json');
      assert.throws(() => moveStateFile(h, to, st(), { destKey: 'g/b' }), /already has an unfinished wizard/);
    });

    it('a finished or aborted destination is backed up first', () => {
      const root = tmpDir('okstra-move-');
      const from = stateFilePathFor(root, 'g', 'a');
      const to = stateFilePathFor(root, 'g', 'b');
      const h = createStateFile(from, st());
      createStateFile(to, st({ aborted: true }));
      const old = fs.readFileSync(to);
      const r = moveStateFile(h, to, st({ task_id: 'b' }), { destKey: 'g/b', now: NOW });
      assert.deepEqual(fs.readFileSync(r.backup!.backupPath), old);
      assert.equal(loadStateFile(to).payload.task_id, 'b');
    });

    it('R3: a legacy v1 source is neither deleted nor changed; its companion stays beside it', () => {
      const root = copyFixture('okstra-project');
      const from = stateFilePathFor(root, 'payments', 'refund-timeout');
      const v1 = fs.readFileSync(from);
      let h = loadStateFile(from);
      h = saveStateFile(h, st({ directive: 'converted' }));
      const to = stateFilePathFor(root, 'payments', 'refund-ledger');
      const r = moveStateFile(h, to, st({ task_id: 'refund-ledger' }), { destKey: 'payments/refund-ledger' });
      assert.equal(r.deletedOld, false);
      assert.deepEqual(fs.readFileSync(from), v1);
      assert.equal(fs.existsSync(canonicalCompanionPath(from, sha(v1))), true);
      const moved = loadStateFile(to);
      assert.equal(moved.sourceVersion, 2);
      assert.equal('legacySource' in moved.payload, false);
    });

    it('quality R2: a stale old file refuses the move and nothing is written', () => {
      const root = tmpDir('okstra-move-');
      const from = stateFilePathFor(root, 'g', 'a');
      const to = stateFilePathFor(root, 'g', 'b');
      const h = createStateFile(from, st({ directive: 'read' }));
      saveStateFile(loadStateFile(from), st({ directive: 'changed elsewhere' }));
      assert.throws(() => moveStateFile(h, to, st(), { destKey: 'g/b' }), new RegExp(STALE_READ_MESSAGE));
      assert.equal(fs.existsSync(to), false);
      assert.equal(loadStateFile(from).payload.directive, 'changed elsewhere');
    });

    it('moving onto its own path is a save', () => {
      const root = tmpDir('okstra-move-');
      const from = stateFilePathFor(root, 'g', 'a');
      const h = createStateFile(from, st());
      const r = moveStateFile(h, from, st({ directive: 'same' }), { destKey: 'g/a' });
      assert.equal(r.deletedOld, false);
      assert.equal(loadStateFile(from).payload.directive, 'same');
    });
  });
});
