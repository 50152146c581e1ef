// Wizards kept in workspace storage (src/vscode/wizard/pendingWizards.ts): what storage holds is not trusted. A value
// of another version's shape, or an edited store, loses only the records that are not records, with a notice.
import { strict as assert } from 'node:assert';
import { PendingWizards, type KeyValueStorage } from '../../../src/vscode/wizard/pendingWizards';

function storageOf(value: unknown): KeyValueStorage & { value: unknown } {
  const s = {
    value,
    get<T>(_key: string, fallback: T): T {
      return (s.value === undefined ? fallback : s.value) as T;
    },
    update(_key: string, next: unknown): Promise<void> {
      s.value = next;
      return Promise.resolve();
    },
  };
  return s;
}

const good = { rootAbs: '/p', folderName: 'p', payload: { version: 2 }, savedAt: 1 };

describe('vscode: wizards kept in workspace storage', () => {
  it('D3: records that are not records (another version, an edited store) are dropped with a notice, never a TypeError', async () => {
    const shapes: unknown[] = [
      'text',
      42,
      { rootAbs: '/p' },
      [null],
      [1, 'x', []],
      [{ rootAbs: 7, folderName: 'p', payload: {}, savedAt: 1 }],
      [{ rootAbs: '/p', folderName: 'p', payload: null, savedAt: 1 }],
      [{ rootAbs: '/p', folderName: 'p', payload: [], savedAt: 1 }],
      [{ rootAbs: '/p', folderName: 'p', payload: {}, savedAt: 'yesterday' }],
    ];
    for (const shape of shapes) {
      const notices: string[] = [];
      const store = new PendingWizards(storageOf(shape), (text) => notices.push(text));
      assert.deepEqual(store.all(), [], JSON.stringify(shape));
      assert.equal(notices.length, 1, JSON.stringify(shape));
      assert.match(notices[0]!, /workspace storage/);
      await store.save('/q', 'q', { version: 2 });
      assert.deepEqual(
        store.all().map((r) => r.rootAbs),
        ['/q'],
      );
      await store.drop('/q');
      assert.deepEqual(store.all(), []);
    }
  });

  it('D3: a good record beside bad ones is kept; a clean store says nothing', () => {
    const notices: string[] = [];
    const store = new PendingWizards(storageOf([null, good, { rootAbs: '/x' }]), (text) => notices.push(text));
    assert.deepEqual(store.all(), [good]);
    assert.deepEqual(notices.length, 1);
    assert.match(notices[0]!, /2 unfinished wizards/);
    const quiet: string[] = [];
    assert.deepEqual(new PendingWizards(storageOf([good]), (text) => quiet.push(text)).all(), [good]);
    assert.deepEqual(new PendingWizards(storageOf(undefined), (text) => quiet.push(text)).all(), []);
    assert.deepEqual(quiet, []);
  });
});
