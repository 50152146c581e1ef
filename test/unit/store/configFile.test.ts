// config.yaml is edited through the yaml library's Document model (src/store/configFile.ts), never by splicing
// text: whatever the value and whatever the file, the edited file parses, the key reads back as exactly the value
// and every other key is unchanged — or the edit is refused and nothing is written.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { setConfigKey, setYamlKey } from '../../../src/store/configFile';
import { WizardError } from '../../../src/core/types';

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

  it('D1: a `teams:` key left without a value (the last team deleted) takes a new team', () => {
    const out = setYamlKey('projectId: p\nteams:\n', ['teams', 'payments'], { roles: { analyser: ['a/b'] } }, 'c.yaml');
    assert.deepEqual(parse(out), { projectId: 'p', teams: { payments: { roles: { analyser: ['a/b'] } } } });
    assert.deepEqual(parse(setYamlKey('teams: ~ # none yet\n', ['teams', 'x'], 1, 'c.yaml')), { teams: { x: 1 } });
  });

  it('D1: a `teams:` that is a value (not a mapping) is refused naming the file and the key, never an internal error', () => {
    for (const text of ['teams: 5\n', 'teams: [a]\n', 'teams: text\n']) {
      const e = (() => {
        try {
          setYamlKey(text, ['teams', 'x'], 1, 'c.yaml');
        } catch (err) {
          return err;
        }
        return undefined;
      })();
      assert.ok(e instanceof WizardError, text);
      assert.equal(e.code, 'file-error');
      assert.match(e.message, /^c\.yaml: 'teams' is not a mapping/);
    }
  });

  it('D6: a CRLF file stays CRLF and keeps its BOM', () => {
    const out = setYamlKey('\uFEFF# settings\r\nprojectId: p\r\nteams:\r\n  old: 1\r\n', ['teams', 'new'], { a: [1, 2] }, 'c.yaml');
    assert.ok(out.startsWith('\uFEFF# settings\r\n'), JSON.stringify(out));
    assert.equal(out.replace(/\r\n/g, '').includes('\n'), false, `a bare LF in ${JSON.stringify(out)}`);
    assert.deepEqual(parse(out.slice(1)), { projectId: 'p', teams: { old: 1, new: { a: [1, 2] } } });
    const lf = setYamlKey('projectId: p\n', ['prTemplate'], 'x.md', 'c.yaml');
    assert.equal(lf, 'projectId: p\nprTemplate: x.md\n');
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

  describe('setConfigKey on disk', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'okstra-config-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('D5: a file changed between the read and the write is refused (stale-state), the other edit kept', () => {
      const file = path.join(dir, '.okstra', 'config.yaml');
      fs.mkdirSync(path.dirname(file));
      fs.writeFileSync(file, 'projectId: p\n');
      const concurrent = 'projectId: p\nmodelDefaults: {analyser: [a/b]}\n';
      const err = (() => {
        try {
          setConfigKey(file, ['prTemplate'], 'x.md', {
            shownPath: '.okstra/config.yaml',
            // Another writer saves between this edit's read and its write.
            check: () => fs.writeFileSync(file, concurrent),
          });
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      assert.ok(err instanceof WizardError, String(err));
      assert.equal(err.code, 'stale-state');
      assert.match(err.message, /^\.okstra\/config\.yaml: changed on disk since it was read/);
      assert.equal(fs.readFileSync(file, 'utf8'), concurrent, 'the concurrent edit is not lost');
      assert.deepEqual(fs.readdirSync(path.dirname(file)), ['config.yaml'], 'no temporary or lock left');
    });

    it('D5: a file that appears between the read and the write is refused too', () => {
      const file = path.join(dir, 'config.yaml');
      assert.throws(
        () => setConfigKey(file, ['prTemplate'], 'x.md', { check: () => fs.writeFileSync(file, 'projectId: q\n') }),
        (e: unknown) => e instanceof WizardError && e.code === 'stale-state',
      );
      assert.equal(fs.readFileSync(file, 'utf8'), 'projectId: q\n');
    });

    it('an unchanged file is written, CRLF and BOM kept, and the check sees the data read', () => {
      const file = path.join(dir, 'config.yaml');
      fs.writeFileSync(file, '\uFEFFprojectId: p\r\nteams:\r\n');
      let seen: unknown;
      setConfigKey(file, ['teams', 'a'], { roles: {} }, { check: (data) => (seen = data) });
      assert.deepEqual(seen, { projectId: 'p', teams: null });
      assert.equal(fs.readFileSync(file, 'utf8'), '\uFEFFprojectId: p\r\nteams:\r\n  a:\r\n    roles: {}\r\n');
    });
  });
});
