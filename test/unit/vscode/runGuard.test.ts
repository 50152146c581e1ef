import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyPersistAction } from '../../../src/host/run';
import { runRefusal } from '../../../src/vscode/run/runGuard';

describe('vscode run guard and persist actions', () => {
  it('R6: an untrusted workspace refuses Run with a message; a trusted one does not', () => {
    assert.match(runRefusal({ isTrusted: false }, (m) => m) ?? '', /untrusted workspace/);
    assert.equal(
      runRefusal({ isTrusted: true }, (m) => m),
      null,
    );
  });

  describe('set-config', () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'okstra-persist-'));
      mkdirSync(join(root, '.okstra'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));
    const action = { action: 'set-config' as const, file: '.okstra/config.yaml', key: 'prTemplate', value: 'docs/pr.md' };

    it('sets prTemplate and keeps the rest of the document, comments included', () => {
      const file = join(root, '.okstra/config.yaml');
      writeFileSync(
        file,
        '# project settings\nprojectId: payments   # the id\nmodelDefaults:\n  analyser: [claude/opus-4.5]\nprTemplate: old.md\n',
      );
      applyPersistAction(root, action);
      assert.equal(
        readFileSync(file, 'utf8'),
        '# project settings\nprojectId: payments # the id\nmodelDefaults:\n  analyser: [claude/opus-4.5]\nprTemplate: docs/pr.md\n',
      );
    });
    it('creates the file when it is missing or empty', () => {
      applyPersistAction(root, action);
      assert.equal(readFileSync(join(root, '.okstra/config.yaml'), 'utf8'), 'prTemplate: docs/pr.md\n');
    });
    it('refuses a file outside the project and a broken document', () => {
      assert.throws(() => applyPersistAction(root, { ...action, file: '../x.yaml' }), /outside the project/);
      writeFileSync(join(root, '.okstra/config.yaml'), 'a: [\n');
      assert.throws(() => applyPersistAction(root, action), /\.okstra\/config\.yaml: /);
    });
  });
});
