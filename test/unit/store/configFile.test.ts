// config.yaml is edited through the yaml library's Document model (src/store/configFile.ts), never by splicing
// text: whatever the value and whatever the file, the edited file parses, the key reads back as exactly the value
// and every other key is unchanged — or the edit is refused and nothing is written.
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { setYamlKey } from '../../../src/store/configFile';

const set = (text: string, value: unknown = 'docs/pr.md'): string => setYamlKey(text, ['prTemplate'], value, '.okstra/config.yaml');

describe('store: setConfigKey edits config.yaml through the YAML document model', () => {
  it('C1: a value with a newline and YAML in it stays one string value: no key is added', () => {
    const value = ' t.md\nokstraCommand: [sh, -c, touch PWNED]';
    const out = set('projectId: p\n', value);
    const data = parse(out) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data), ['projectId', 'prTemplate']);
    assert.equal(data.prTemplate, value);
    assert.equal(data.okstraCommand, undefined);
  });

  it('replaces a value and keeps comments and the other keys', () => {
    const out = set('# settings\nprojectId: p   # the id\nmodelDefaults:\n  analyser: [claude/opus-4.5]\nprTemplate: old.md\n');
    assert.equal(out, '# settings\nprojectId: p # the id\nmodelDefaults:\n  analyser: [claude/opus-4.5]\nprTemplate: docs/pr.md\n');
  });

  it('adds a missing key, to an empty file too, and sets a nested key (a team)', () => {
    assert.equal(set(''), 'prTemplate: docs/pr.md\n');
    assert.equal(set('{projectId: p}\n'), '{projectId: p, prTemplate: docs/pr.md}\n');
    const teams = setYamlKey('projectId: p\n', ['teams', 'payments'], { lead: 'a', size: 2 }, 'c.yaml');
    assert.deepEqual(parse(teams), { projectId: 'p', teams: { payments: { lead: 'a', size: 2 } } });
  });

  it('refuses a document that is not a mapping, or not YAML, naming the file', () => {
    assert.throws(() => set('- a\n- b\n'), /^FileError: \.okstra\/config\.yaml: is not a mapping of keys/);
    assert.throws(() => set('a: [\n'), /^FileError: \.okstra\/config\.yaml: is not valid YAML/);
    assert.throws(() => set('a: 1\na: 2\n'), /is not valid YAML/);
  });

  it('refuses an edit that would change another key (an alias of the replaced value)', () => {
    assert.throws(() => set('prTemplate: &t a.md\nother: *t\n'), /without changing other keys/);
  });

  it('property: for any value and any existing file, the file parses, the key reads back exactly and the rest is unchanged', () => {
    const key = fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme-ascii' }).filter((k) => k !== 'prTemplate' && k !== '__proto__');
    const scalar = fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.boolean(), fc.constant(null));
    const file = fc
      .tuple(
        fc.dictionary(key, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(key, scalar, { maxKeys: 3 })), {
          maxKeys: 6,
        }),
        fc.boolean(),
        fc.boolean(),
      )
      .map(([data, comment, flow]) => {
        const body = Object.keys(data).length === 0 ? '' : stringify(data, flow ? { collectionStyle: 'flow' } : {});
        return {
          data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
          text: (comment ? '# okstra project settings\n' : '') + body,
        };
      });
    const value = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('null', '~', '- x', 'a: b', '#', ' x\nokstraCommand: [sh]', '"\'', '\t'),
    );
    fc.assert(
      fc.property(file, value, ({ data, text }, v) => {
        let out: string;
        try {
          out = set(text, v);
        } catch (err) {
          // Only what UTF-8 cannot carry (a lone surrogate) may be refused.
          assert.match(String(err), /without changing other keys/);
          assert.ok(/[\uD800-\uDFFF]/.test(v));
          return;
        }
        const back = parse(out) as Record<string, unknown>;
        assert.equal(back.prTemplate, v);
        const { prTemplate: _p, ...rest } = back;
        void _p;
        assert.deepEqual(rest, data);
      }),
      { numRuns: 300 },
    );
  });
});
