import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FileError } from '../../../src/core/types';
import {
  createEnvironment,
  findOnPath,
  loadModelDefaultsFile,
  providerCliEnvVar,
  resolveProviderCli,
  teamsOfSetting,
  terminalBackendFromEnv,
} from '../../../src/workspace/environment';
import { cleanup, tmpDir, write } from './helpers';

function executable(dir: string, name: string): string {
  const p = write(dir, name, '#!/bin/sh\nexit 0\n');
  fs.chmodSync(p, 0o755);
  return p;
}

describe('workspace environment (docs/roles.md › The environment)', () => {
  after(cleanup);

  it('OKSTRA_<PROVIDER>_CLI: upper-cased, non [A-Z0-9] → _', () => {
    assert.equal(providerCliEnvVar('claude'), 'OKSTRA_CLAUDE_CLI');
    assert.equal(providerCliEnvVar('my-provider.v2'), 'OKSTRA_MY_PROVIDER_V2_CLI');
  });

  it('PATH lookup finds executables only (POSIX)', () => {
    const bin = tmpDir();
    const exe = executable(bin, 'claude');
    write(bin, 'codex', 'not executable');
    const env = { PATH: `/nonexistent:${bin}` };
    assert.equal(findOnPath('claude', env, 'linux'), exe);
    assert.equal(findOnPath('codex', env, 'linux'), null);
    assert.equal(findOnPath('grok', env, 'linux'), null);
    assert.equal(findOnPath('', env, 'linux'), null);
  });

  it('PATHEXT is honoured on Windows (and PATH is case-insensitive there)', () => {
    const bin = tmpDir();
    const cmd = write(bin, 'kimi.CMD', '@echo off\n');
    const env = { Path: bin, PATHEXT: '.EXE;.CMD' };
    assert.equal(findOnPath('kimi', env, 'win32'), path.join(bin, 'kimi.CMD'));
    assert.equal(findOnPath('kimi.CMD', env, 'win32'), path.join(bin, 'kimi.CMD'));
    assert.ok(fs.existsSync(cmd));
  });

  it('the VS Code setting, then OKSTRA_<P>_CLI, then PATH — each only when it names an executable', () => {
    const bin = tmpDir();
    const onPath = executable(bin, 'claude');
    const other = executable(tmpDir(), 'claude-dev');
    const viaSetting = executable(tmpDir(), 'claude-setting');
    const env = { PATH: bin, OKSTRA_CLAUDE_CLI: other };
    assert.deepEqual(resolveProviderCli('claude', 'claude', { env, platform: 'linux', settingPaths: { claude: viaSetting } }), {
      path: viaSetting,
      source: 'setting',
    });
    assert.deepEqual(resolveProviderCli('claude', 'claude', { env, platform: 'linux' }), { path: other, source: 'env' });
    assert.deepEqual(resolveProviderCli('claude', 'claude', { env: { PATH: bin, OKSTRA_CLAUDE_CLI: '/nope' }, platform: 'linux' }), {
      path: onPath,
      source: 'path',
    });
    assert.equal(resolveProviderCli('codex', 'codex', { env: { PATH: bin, OKSTRA_CODEX_CLI: '/nope' }, platform: 'linux' }), null);
    assert.deepEqual(resolveProviderCli('codex', 'codex', { env: { OKSTRA_CODEX_CLI: other }, platform: 'linux' }), {
      path: other,
      source: 'env',
    });
  });

  it('createEnvironment answers the port and memoises per instance', () => {
    const bin = tmpDir();
    const env = { PATH: bin };
    const e = createEnvironment({ env, platform: 'linux', terminalBackend: 'tmux' });
    assert.equal(e.providerCliAvailable('claude', 'claude'), false);
    executable(bin, 'claude');
    assert.equal(e.providerCliAvailable('claude', 'claude'), false, 'memoised within one operation');
    assert.equal(createEnvironment({ env, platform: 'linux', terminalBackend: 'tmux' }).providerCliAvailable('claude', 'claude'), true);
    assert.equal(e.terminalBackend(), 'tmux');
    assert.equal(e.userModelDefaults(), null);
  });

  it('terminal backend from the environment, and the refusal of a bad value', () => {
    assert.equal(terminalBackendFromEnv({}), 'none');
    assert.equal(terminalBackendFromEnv({ TMUX: '/tmp/tmux-0/default,1,0' }), 'tmux');
    assert.equal(terminalBackendFromEnv({ ZELLIJ: '0' }), 'zellij');
    assert.equal(terminalBackendFromEnv({ OKSTRA_TERMINAL_BACKEND: 'vscode-terminal', TMUX: 'x' }), 'vscode-terminal');
    assert.throws(
      () => terminalBackendFromEnv({ OKSTRA_TERMINAL_BACKEND: 'screen' }),
      /^WizardError: OKSTRA_TERMINAL_BACKEND must be one of tmux, zellij, vscode-terminal, none: 'screen'$/,
    );
  });

  it('OKSTRA_MODEL_DEFAULTS file: role → model refs, file errors otherwise', () => {
    const d = tmpDir();
    const good = write(d, 'defaults.yaml', 'analyser: [claude/opus-4.5]\ncritic: [codex/gpt-5.1-codex]\n');
    assert.deepEqual(loadModelDefaultsFile(good), { analyser: ['claude/opus-4.5'], critic: ['codex/gpt-5.1-codex'] });
    const bad = write(d, 'bad.yaml', 'analyser: claude/opus-4.5\n');
    assert.throws(
      () => loadModelDefaultsFile(bad),
      (e: unknown) => e instanceof FileError && e.message === `${bad}:1:1: analyser: must be a list, got a string ("claude/opus-4.5")`,
    );
    assert.throws(() => loadModelDefaultsFile(path.join(d, 'none.yaml')), /none\.yaml: cannot read: not found \(ENOENT\)/);
  });

  it('okstra.teams: each team checked on its own; a broken one keeps its name and says what is wrong', () => {
    assert.equal(teamsOfSetting(undefined), null);
    assert.equal(teamsOfSetting({}), null);
    assert.deepEqual(
      teamsOfSetting({
        mine: { description: 'Mine', roles: { 'report-writer': ['claude/opus-4.5'] } },
        broken: { roles: { planner: 'codex/gpt-5.1-codex' } },
        'bad name': { roles: {} },
        nameless: { description: 'no roles' },
      }),
      {
        source: { kind: 'setting' },
        teams: [
          { name: 'mine', team: { description: 'Mine', roles: { 'report-writer': ['claude/opus-4.5'] } } },
          { name: 'broken', error: 'setting okstra.teams: broken.roles.planner: must be a list, got a string ("codex/gpt-5.1-codex")' },
          {
            name: 'bad name',
            error:
              'setting okstra.teams: bad name: must be a team name: letters, digits, ".", "_" or "-", starting with a letter or digit, at most 64',
          },
          { name: 'nameless', error: 'setting okstra.teams: nameless.roles: is required' },
        ],
      },
    );
    assert.deepEqual(teamsOfSetting(['x']), {
      source: { kind: 'setting' },
      teams: [{ name: 'okstra.teams', error: 'setting okstra.teams: must be a mapping, got a list' }],
    });
  });

  it('D7: an okstra.teams with a __proto__ key (or a mapping without a prototype) loses only that entry, with a clear message', () => {
    const raw = JSON.parse(
      '{"mine": {"roles": {"analyser": ["claude/opus-4.5"]}}, "__proto__": {"roles": {}}, "constructor": 1}',
    ) as unknown;
    const got = teamsOfSetting(raw);
    assert.ok(got);
    assert.deepEqual(got.teams[0], { name: 'mine', team: { roles: { analyser: ['claude/opus-4.5'] } } });
    const proto = got.teams.find((t) => t.name === '__proto__');
    assert.ok(proto && 'error' in proto, JSON.stringify(got));
    assert.match(proto.error, /^setting okstra\.teams: __proto__: must be a team name/);
    const ctor = got.teams.find((t) => t.name === 'constructor');
    assert.ok(ctor && 'error' in ctor);
    assert.match(ctor.error, /^setting okstra\.teams: constructor: must be a mapping/);
    assert.equal(got.teams.length, 3);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { mine: { roles: { analyser: ['claude/opus-4.5'] } } });
    assert.deepEqual(teamsOfSetting(bare)?.teams, [{ name: 'mine', team: { roles: { analyser: ['claude/opus-4.5'] } } }]);
  });
});
