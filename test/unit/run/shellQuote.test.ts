import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectShell, quoteCommandLine, type ShellKind } from '../../../src/core/run';
import { hostileStrings } from './hostileStrings';
import { runThroughShell, shellAvailable } from './realShells';
import { RENDER_ARG_KEYS } from '../../helpers/renderArgKeys';
import { needTool } from '../../helpers/skip';

const POSIX_LIKE: ShellKind[] = ['bash', 'dash', 'zsh', 'fish'];

// The option keys of renderArgv (docs/steps.md › Render arguments), lists included.
const RENDER_KEYS = ['lead-runtime', ...RENDER_ARG_KEYS, 'role-model'];

describe('core/run shell quoting', () => {
  let dir: string;
  let canary: string;
  let values: string[];

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'okstra-quote-'));
    canary = join(dir, 'CANARY');
    values = hostileStrings(canary);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  describe('detectShell', () => {
    const cases: Array<[string, string]> = [
      ['/bin/bash', 'bash'],
      ['/usr/bin/zsh', 'zsh'],
      ['/usr/local/bin/fish', 'fish'],
      ['/bin/dash', 'dash'],
      ['/bin/sh', 'sh'],
      ['C:\\Program Files\\PowerShell\\7\\pwsh.exe', 'pwsh'],
      ['/opt/microsoft/powershell/7/pwsh', 'pwsh'],
    ];
    for (const [path, shell] of cases) {
      it(`${path} → ${shell}`, () => assert.deepEqual(detectShell(path), { ok: true, shell }));
    }
    for (const path of ['C:\\Windows\\System32\\cmd.exe', 'powershell.exe', '/usr/bin/nu', '/bin/tcsh', '/bin/ksh']) {
      it(`refuses ${path}`, () => {
        const d = detectShell(path);
        assert.equal(d.ok, false);
        const name = path
          .split(/[\\/]/)
          .pop()!
          .replace(/\.exe$/, '')
          .toLowerCase();
        assert.equal(!d.ok && d.error, `okstra.runIn "shell" does not support ${name}; use "task"`);
      });
    }
    it('an unknown shell path is refused with a readable name', () => {
      const d = detectShell(undefined);
      assert.equal(!d.ok && d.error, 'okstra.runIn "shell" does not support (unknown shell); use "task"');
    });
  });

  describe('refusals', () => {
    it('NUL cannot be quoted in any shell, naming the field', () => {
      for (const shell of [...POSIX_LIKE, 'pwsh'] as ShellKind[]) {
        const r = quoteCommandLine(['okstra', 'render-bundle', '--directive', 'a\u0000b'], shell);
        assert.deepEqual(r, { ok: false, error: `cannot quote directive for ${shell}; use okstra.runIn "task"` });
      }
    });
    it("dash refuses control characters (no $'…' there), naming the field", () => {
      const r = quoteCommandLine(['okstra', 'render-bundle', '--analysis-target', 'line1\nline2'], 'dash');
      assert.deepEqual(r, { ok: false, error: 'cannot quote analysis-target for dash; use okstra.runIn "task"' });
    });
    it('dash refuses a line longer than a terminal line (4095 bytes), which it would cut; bash takes it', () => {
      const long = ['okstra', 'render-bundle', '--directive', 'x'.repeat(4100)];
      const r = quoteCommandLine(long, 'dash');
      assert.equal(r.ok, false);
      assert.match(
        r.ok ? '' : r.error,
        /^the command line is 4\d{3} bytes, longer than dash can read from a terminal \(4095\); use okstra.runIn "task"$/,
      );
      assert.equal(quoteCommandLine(['okstra', 'render-bundle', '--directive', 'x'.repeat(4000)], 'dash').ok, true);
      assert.equal(quoteCommandLine(long, 'bash').ok, true);
    });
    it('a lone surrogate is refused; the okstra command words are named okstra.command', () => {
      const r = quoteCommandLine(['ok\ud800', 'render-bundle'], 'bash');
      assert.deepEqual(r, { ok: false, error: 'cannot quote okstra.command for bash; use okstra.runIn "task"' });
    });
  });

  describe('pwsh (not installable here: the text is checked, not run)', () => {
    it('single-quotes every word, doubling ASCII and typographic single quotes', () => {
      const r = quoteCommandLine(['okstra', 'render-bundle', "it's", 'a\u2019b', '', '$(x)'], 'pwsh');
      assert.deepEqual(r, {
        ok: true,
        line: "& { $PSNativeCommandArgumentPassing = 'Standard'; & 'okstra' 'render-bundle' 'it''s' 'a\u2019\u2019b' '' '$(x)' }",
      });
    });
    it('uses a double-quoted string with backtick escapes when there are control characters', () => {
      const r = quoteCommandLine(['okstra', 'a\nb"$`\u201c\t'], 'pwsh');
      assert.equal(r.ok && r.line, "& { $PSNativeCommandArgumentPassing = 'Standard'; & 'okstra' \"a`u{a}b`\"`$```\u201c`u{9}\" }");
    });
  });

  for (const shell of POSIX_LIKE) {
    describe(`through the real ${shell}`, function () {
      this.timeout(20_000);
      before(function () {
        needTool(this, shellAvailable(shell), `${shell} is not installed (.ci/run installs bash, dash, zsh and fish)`);
      });

      it(`R5: ${shell} receives every hostile value byte for byte and runs nothing else`, () => {
        const expected: string[][] = [];
        const lines: string[] = [];
        const refused: string[][] = [];
        const controls = /[\u0000-\u001f\u007f]/;
        // dash cannot carry control characters (refused, checked below): its realistic cases use the others.
        const short = values.filter((v) => v.length < 1000 && (shell !== 'dash' || !controls.test(v)));
        const cases: string[][] = [];
        for (let i = 0; i < short.length; i++) {
          // Every value slot of a realistic render-bundle argv gets a hostile value (a different one per slot).
          cases.push(['recv', 'render-bundle', ...RENDER_KEYS.flatMap((key, k) => [`--${key}`, short[(i + k * 37) % short.length]])]);
        }
        // Each value alone too (the very long ones only this way), so dash's refusals are seen value by value.
        for (const v of values) cases.push(['recv', 'render-bundle', '--directive', v]);
        for (const argv of cases) {
          const q = quoteCommandLine(argv, shell);
          if (!q.ok) {
            refused.push(argv);
            continue;
          }
          assert.ok(!controls.test(q.line), `raw control character in ${JSON.stringify(q.line).slice(0, 300)}`);
          lines.push(q.line);
          expected.push(argv.slice(1));
        }
        const { calls, stderr } = runThroughShell(shell, lines);
        assert.equal(
          calls.length,
          expected.length,
          `${shell} made ${calls.length} calls for ${expected.length} lines; stderr: ${stderr.slice(0, 2000)}`,
        );
        for (let i = 0; i < expected.length; i++) {
          const got = calls[i].map((b) => b.toString('hex'));
          const want = expected[i].map((s) => Buffer.from(s, 'utf8').toString('hex'));
          assert.deepEqual(got, want, `case ${i}: ${JSON.stringify(expected[i]).slice(0, 300)} via ${lines[i].slice(0, 300)}`);
        }
        assert.deepEqual(readdirSync(dir), [], 'the canary ran');
        // Only dash may refuse, and only values with control characters.
        for (const argv of refused) {
          assert.equal(shell, 'dash', `${shell} refused ${JSON.stringify(argv)}`);
          // The same POSIX quoting as bash's for values without control characters: its length is dash's line.
          const posix = quoteCommandLine(argv, 'bash');
          const tooLong = posix.ok && Buffer.byteLength(posix.line) >= 4095;
          assert.ok(argv.some((v) => controls.test(v)) || tooLong, `dash refused ${JSON.stringify(argv).slice(0, 300)}`);
        }
        assert.ok(lines.length >= 500, `only ${lines.length} cases ran`);
      });

      it(`${shell}: a program path with spaces and quotes runs that executable with the exact argv`, () => {
        const progDir = join(dir, `o k'$(x)"`);
        mkdirSync(progDir, { recursive: true });
        const prog = join(progDir, 'okstra stand-in');
        writeFileSync(prog, `#!/bin/sh\nprintf '%s\\0' "$#" "$@"\n`);
        chmodSync(prog, 0o755);
        const argv = [prog, 'render-bundle', '--lead-runtime', 'claude-code', '--directive', "fix it's `bug` $(x) !! ; |", '--stage', ''];
        const q = quoteCommandLine(argv, shell);
        assert.ok(q.ok);
        const { calls } = runThroughShell(shell, [q.line]);
        rmSync(progDir, { recursive: true, force: true });
        assert.deepEqual(
          calls.map((c) => c.map((b) => b.toString('utf8'))),
          [argv.slice(1)],
        );
      });
    });
  }
});
