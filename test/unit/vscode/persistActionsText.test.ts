// set-config keeps config.yaml byte for byte outside the one value it sets (the file is the user's:
// re-printing the YAML would re-indent maps, fold long strings and move comments).
import assert from 'node:assert/strict';
import { setTopLevelKey } from '../../../src/vscode/run/persistActions';

const set = (text: string, value = 'docs/pr.md'): string => setTopLevelKey(text, 'prTemplate', value, '.okstra/config.yaml');

describe('set-config keeps the rest of config.yaml', () => {
  it('replaces an existing value in place: indentation, flow spacing, long lines and comments are untouched', () => {
    const long = `okstraCommand: "${'x'.repeat(100)}"`;
    const text = `# settings\nprojectId: p   # the id\nmodelDefaults:\n    analyser: [claude/opus-4.5,  codex/gpt-5.1-codex]\n${long}\nprTemplate: 'old.md'   # keep\n`;
    assert.equal(set(text), text.replace("'old.md'", 'docs/pr.md'));
  });
  it('appends a missing key after everything else, adding the missing final newline', () => {
    assert.equal(set('projectId: p   # id\n\n# trailing comment\n'), 'projectId: p   # id\n\n# trailing comment\nprTemplate: docs/pr.md\n');
    assert.equal(set('projectId: p'), 'projectId: p\nprTemplate: docs/pr.md\n');
    assert.equal(set(''), 'prTemplate: docs/pr.md\n');
  });
  it('quotes a value only when YAML needs it, and never folds it', () => {
    assert.equal(set('prTemplate: a\n', 'docs/pr: x.md'), 'prTemplate: "docs/pr: x.md"\n');
    const long = `docs/${'p'.repeat(120)}.md`;
    assert.equal(set('a: 1\n', long), `a: 1\nprTemplate: ${long}\n`);
  });
  it('an empty value, a flow mapping and an explicit document end are re-printed as YAML', () => {
    assert.equal(set('prTemplate:\nx: 1\n'), 'prTemplate: docs/pr.md\nx: 1\n');
    assert.equal(set('{projectId: p}\n'), '{projectId: p, prTemplate: docs/pr.md}\n');
    assert.equal(set('---\nprojectId: p\n...\n'), '---\nprojectId: p\nprTemplate: docs/pr.md\n...\n');
  });
  it('refuses a document that is not a mapping, naming the file', () => {
    assert.throws(() => set('- a\n- b\n'), /^Error: \.okstra\/config\.yaml: the document is not a mapping, so 'prTemplate' cannot be set$/);
  });
});
