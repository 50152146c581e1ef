// The environment every front end computes its prompts in (src/host/environment.ts; docs/roles.md › The environment).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WizardError } from '../../../src/core/types';
import { buildEnvironment, EnvironmentCache, userModelDefaultsOfVariables, userTeamsOfVariables } from '../../../src/host/environment';
import { cleanupTemp, tempDir } from '../cli/cliHarness';

const cliTerminalBackend = (env: NodeJS.ProcessEnv) => buildEnvironment({ env, cwd: '/' }).terminalBackend();
const isUsage = (e: unknown): e is WizardError => e instanceof WizardError && e.code === 'usage';

function exe(dir: string, name: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, '#!/bin/sh\nexit 0\n');
  fs.chmodSync(p, 0o755);
  return p;
}

describe('host: environment', () => {
  after(cleanupTemp);

  it('terminal backend: OKSTRA_TERMINAL_BACKEND first, then $TMUX, then $ZELLIJ, else none', () => {
    assert.equal(cliTerminalBackend({}), 'none');
    assert.equal(cliTerminalBackend({ TMUX: '' }), 'none');
    assert.equal(cliTerminalBackend({ TMUX: '/tmp/tmux-1/default,1,0' }), 'tmux');
    assert.equal(cliTerminalBackend({ ZELLIJ: '0' }), 'zellij');
    assert.equal(cliTerminalBackend({ TMUX: 'x', ZELLIJ: '0' }), 'tmux');
    for (const b of ['tmux', 'zellij', 'vscode-terminal', 'none'] as const) {
      assert.equal(cliTerminalBackend({ OKSTRA_TERMINAL_BACKEND: b, TMUX: 'x' }), b);
    }
  });

  it('terminal backend: any other value is a usage error with the exact message', () => {
    for (const [v, repr] of [
      ['screen', "'screen'"],
      ['TMUX', "'TMUX'"],
      ["it's", '"it\'s"'],
    ]) {
      assert.throws(
        () => cliTerminalBackend({ OKSTRA_TERMINAL_BACKEND: v }),
        (e: unknown) => isUsage(e) && e.message === `OKSTRA_TERMINAL_BACKEND must be one of tmux, zellij, vscode-terminal, none: ${repr}`,
      );
    }
  });

  it('a provider CLI is reachable through OKSTRA_<P>_CLI or on PATH; a non-executable file is not', () => {
    const bin = tempDir();
    const other = tempDir();
    exe(bin, 'codex');
    const custom = exe(other, 'my-claude');
    fs.writeFileSync(path.join(bin, 'grok'), 'not executable');
    const env = buildEnvironment({ env: { PATH: bin, OKSTRA_CLAUDE_CLI: custom }, cwd: other });
    assert.equal(env.providerCliAvailable('claude', 'claude'), true);
    assert.equal(env.providerCliAvailable('codex', 'codex'), true);
    assert.equal(env.providerCliAvailable('grok', 'grok'), false);
    assert.equal(env.providerCliAvailable('kimi', 'kimi'), false);
    // A variable naming a missing file does not hide a CLI on PATH.
    const env2 = buildEnvironment({ env: { PATH: bin, OKSTRA_CODEX_CLI: path.join(other, 'nope') }, cwd: other });
    assert.equal(env2.providerCliAvailable('codex', 'codex'), true);
    // A relative variable is taken from the working directory; ids with '-' map to '_'.
    const env3 = buildEnvironment({ env: { PATH: '', OKSTRA_OPEN_ROUTER_CLI: 'my-claude' }, cwd: other });
    assert.equal(env3.providerCliAvailable('open-router', 'open-router'), true);
  });

  it('OKSTRA_MODEL_DEFAULTS: unset or empty → no user scope; a file → its defaults with the file as source', () => {
    const dir = tempDir();
    assert.equal(userModelDefaultsOfVariables({}, dir), null);
    assert.equal(userModelDefaultsOfVariables({ OKSTRA_MODEL_DEFAULTS: '' }, dir), null);
    fs.writeFileSync(path.join(dir, 'd.yaml'), 'analyser: [claude/opus-4.5, codex/gpt-5.1-codex]\nreport-writer:\n  - claude/sonnet-4.5\n');
    assert.deepEqual(userModelDefaultsOfVariables({ OKSTRA_MODEL_DEFAULTS: 'd.yaml' }, dir), {
      source: { kind: 'file', path: 'd.yaml' },
      defaults: { analyser: ['claude/opus-4.5', 'codex/gpt-5.1-codex'], 'report-writer': ['claude/sonnet-4.5'] },
    });
    const env = buildEnvironment({ env: { OKSTRA_MODEL_DEFAULTS: 'd.yaml' }, cwd: dir });
    assert.deepEqual(env.userModelDefaults()?.source, { kind: 'file', path: 'd.yaml' });
    assert.equal(buildEnvironment({ env: {}, cwd: dir }).userModelDefaults(), null);
  });

  it('OKSTRA_TEAMS: unset or empty → no user teams; a file → its teams in order, the file as source; a bad file is a usage error', () => {
    const dir = tempDir();
    assert.equal(userTeamsOfVariables({}, dir), null);
    assert.equal(userTeamsOfVariables({ OKSTRA_TEAMS: '' }, dir), null);
    fs.writeFileSync(path.join(dir, 't.yaml'), 'mine:\n  roles: { report-writer: [claude/opus-4.5] }\nsecond:\n  roles: { critic: [] }\n');
    assert.deepEqual(buildEnvironment({ env: { OKSTRA_TEAMS: 't.yaml' }, cwd: dir }).userTeams?.(), {
      source: { kind: 'file', path: 't.yaml' },
      teams: [
        { name: 'mine', team: { roles: { 'report-writer': ['claude/opus-4.5'] } } },
        { name: 'second', team: { roles: { critic: [] } } },
      ],
    });
    fs.writeFileSync(path.join(dir, 't.yaml'), 'mine:\n  roles: { report-writer: claude/opus-4.5 }\n');
    assert.throws(
      () => userTeamsOfVariables({ OKSTRA_TEAMS: 't.yaml' }, dir),
      (e: unknown) =>
        isUsage(e) &&
        e.message ===
          `OKSTRA_TEAMS: ${path.join(dir, 't.yaml')}:2:12: mine.roles.report-writer: must be a list, got a string ("claude/opus-4.5")`,
    );
    assert.throws(
      () => userTeamsOfVariables({ OKSTRA_TEAMS: 'missing.yaml' }, dir),
      (e: unknown) => isUsage(e) && e.message.startsWith(`OKSTRA_TEAMS: ${path.join(dir, 'missing.yaml')}: `),
    );
  });

  it('OKSTRA_MODEL_DEFAULTS: a bad file is a usage error naming the file', () => {
    const dir = tempDir();
    const file = path.join(dir, 'd.yaml');
    for (const text of ['analyser: [claude/opus-4.5\n', '- claude/opus-4.5\n', 'analyser: claude/opus-4.5\n']) {
      fs.writeFileSync(file, text);
      assert.throws(
        () => userModelDefaultsOfVariables({ OKSTRA_MODEL_DEFAULTS: 'd.yaml' }, dir),
        (e: unknown) => isUsage(e) && e.message.startsWith(`OKSTRA_MODEL_DEFAULTS: ${file}:`),
        text,
      );
    }
    assert.throws(
      () => userModelDefaultsOfVariables({ OKSTRA_MODEL_DEFAULTS: 'missing.yaml' }, dir),
      (e: unknown) => isUsage(e) && e.message.startsWith(`OKSTRA_MODEL_DEFAULTS: ${path.join(dir, 'missing.yaml')}: `),
    );
  });

  it("the extension's settings: okstra.providers before PATH, okstra.modelDefaults and okstra.teams as the user scope, VS Code's terminal", () => {
    const bin = tempDir();
    const other = tempDir();
    exe(bin, 'codex');
    const custom = exe(other, 'my-claude');
    const env = buildEnvironment({
      env: { PATH: bin, TMUX: 'x', OKSTRA_MODEL_DEFAULTS: 'ignored.yaml' },
      settings: {
        providerPaths: { claude: custom },
        modelDefaults: { analyser: ['claude/opus-4.5'] },
        teams: { mine: { roles: { critic: [] } } },
      },
    });
    assert.equal(env.providerCliAvailable('claude', 'claude'), true);
    assert.equal(env.providerCliAvailable('codex', 'codex'), true);
    assert.equal(env.terminalBackend(), 'vscode-terminal');
    assert.deepEqual(env.userModelDefaults(), { source: { kind: 'setting' }, defaults: { analyser: ['claude/opus-4.5'] } });
    assert.deepEqual(env.userTeams?.(), { source: { kind: 'setting' }, teams: [{ name: 'mine', team: { roles: { critic: [] } } }] });
    const none = buildEnvironment({ env: { PATH: '' }, settings: { providerPaths: {}, modelDefaults: {}, teams: undefined } });
    assert.equal(none.userModelDefaults(), null);
    assert.equal(none.userTeams?.(), null);
  });

  it('the cache keeps one port until a PATH folder, a named file, a variable or a setting changes', () => {
    const bin = tempDir();
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 't.yaml'), 'mine:\n  roles: { critic: [] }\n');
    const cache = new EnvironmentCache();
    const vars = { env: { PATH: bin, OKSTRA_TEAMS: 't.yaml' }, cwd: dir };
    const first = cache.port(vars);
    assert.equal(cache.port({ env: { ...vars.env }, cwd: dir }), first, 'nothing changed: the same port');
    assert.equal(first.providerCliAvailable('codex', 'codex'), false);
    exe(bin, 'codex');
    const second = cache.port(vars);
    assert.notEqual(second, first, 'a CLI installed into a PATH folder');
    assert.equal(second.providerCliAvailable('codex', 'codex'), true);
    fs.writeFileSync(path.join(dir, 't.yaml'), 'mine:\n  roles: { critic: [] }\nsecond:\n  roles: { critic: [] }\n');
    const third = cache.port(vars);
    assert.notEqual(third, second, 'the teams file changed');
    assert.equal(third.userTeams?.()?.teams.length, 2);
    assert.notEqual(cache.port({ env: { ...vars.env, OKSTRA_TERMINAL_BACKEND: 'tmux' }, cwd: dir }), third, 'a variable changed');
    const settings = { providerPaths: {}, modelDefaults: {}, teams: undefined };
    const fromSettings = cache.port({ env: { PATH: bin }, settings });
    assert.equal(cache.port({ env: { PATH: bin }, settings: { ...settings } }), fromSettings);
    assert.notEqual(
      cache.port({ env: { PATH: bin }, settings: { ...settings, modelDefaults: { critic: ['claude/opus-4.5'] } } }),
      fromSettings,
    );
  });

  it('the cache keeps nothing for a bad variable: it is a usage error at every call', () => {
    const cache = new EnvironmentCache();
    for (let i = 0; i < 2; i++)
      assert.throws(
        () => cache.port({ env: { OKSTRA_TERMINAL_BACKEND: 'screen' }, cwd: '/' }),
        (e: unknown) => isUsage(e),
      );
  });
});
