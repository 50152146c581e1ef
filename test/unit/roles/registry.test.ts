import assert from 'node:assert/strict';
import { mergeRegistry, ModelPool, openRoleSession, parseRegistry } from '../../../src/core/roles';
import { AvailabilityContext } from '../../../src/core/roles/availability';
import { resolveHost } from '../../../src/core/roles/hostRegistry';
import { BUILTIN_REGISTRY, makeContext, makeState, registryText } from './fixtures';
import { throwsMessage } from './helpers';

const builtin = () => parseRegistry('profiles/registry.yaml', BUILTIN_REGISTRY);

describe('roles: model registry and pool', () => {
  it('the built-in registry holds exactly the expected models, two or more per provider', () => {
    const r = builtin();
    assert.deepEqual([...r.providers.keys()], ['claude', 'codex', 'antigravity', 'grok', 'kimi']);
    assert.deepEqual(
      r.models.map((m) => m.ref),
      [
        'claude/opus-4.5',
        'claude/sonnet-4.5',
        'codex/gpt-5.1-codex',
        'codex/gpt-5.1-codex-mini',
        'antigravity/gemini-3-pro',
        'antigravity/gemini-3-flash',
        'grok/grok-4',
        'grok/grok-code-fast-1',
        'kimi/kimi-k2',
        'kimi/kimi-k2-thinking',
      ],
    );
    for (const p of r.providers.keys()) assert.ok(r.models.filter((m) => m.providerId === p).length >= 2, p);
    const opus = r.models[0]!;
    assert.equal(opus.display, 'Claude Opus 4.5');
    assert.deepEqual(opus.aliases, ['opus', 'claude-opus-4-5']);
    assert.equal(opus.roles, '*');
  });

  it('pool.list(role) keeps registry order and honours `roles`', () => {
    const pool = new ModelPool(
      parseRegistry('r.yaml', registryText(['a', 'b'], [{ ref: 'a/x', roles: ['critic'] }, { ref: 'b/y' }, { ref: 'a/z' }])),
    );
    assert.deepEqual(
      pool.list('analyser').map((m) => m.ref),
      ['b/y', 'a/z'],
    );
    assert.deepEqual(
      pool.list('critic').map((m) => m.ref),
      ['a/x', 'b/y', 'a/z'],
    );
  });

  it('resolve, resolve_alias, default_candidates, default_candidate', () => {
    const pool = new ModelPool(builtin());
    assert.equal(pool.resolve('kimi/kimi-k2').display, 'Kimi K2');
    assert.equal(
      throwsMessage(() => pool.resolve('kimi/k3')),
      "unknown model 'kimi/k3'",
    );
    assert.equal(pool.resolveAlias('claude', 'opus').ref, 'claude/opus-4.5');
    assert.equal(pool.resolveAlias('claude', 'sonnet-4.5').ref, 'claude/sonnet-4.5');
    assert.equal(pool.resolveAlias('codex', 'codex/gpt-5.1-codex-mini').ref, 'codex/gpt-5.1-codex-mini');
    assert.equal(
      throwsMessage(() => pool.resolveAlias('codex', 'opus')),
      "unknown model 'opus' for provider 'codex'",
    );
    assert.deepEqual(
      pool.defaultCandidates('analyser').map((m) => m.ref),
      ['claude/opus-4.5', 'codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'],
    );
    assert.equal(pool.defaultCandidate('claude', 'critic')!.ref, 'claude/sonnet-4.5');
    assert.equal(pool.defaultCandidate('grok', 'critic')!.ref, 'grok/grok-4');
    assert.equal(pool.defaultCandidate('nobody', 'critic'), null);
  });

  it('config.yaml models replace built-ins in place and append new ones; providers merge', () => {
    const merged = mergeRegistry(builtin(), {
      path: '.okstra/config.yaml',
      providers: { grok: { enabled: false }, newco: { display: 'NewCo' } },
      models: [{ ref: 'codex/gpt-5.1-codex', display: 'Codex (project)' }, { ref: 'newco/n1' }],
    });
    assert.equal(merged.models[2]!.display, 'Codex (project)');
    assert.deepEqual(merged.models[2]!.aliases, ['gpt-5.1-codex', 'gpt-5-codex']);
    assert.equal(merged.models.at(-1)!.ref, 'newco/n1');
    assert.equal(merged.providers.get('grok')!.enabled, false);
    assert.equal(merged.providers.get('grok')!.cli, 'grok');
    assert.equal(merged.providers.get('newco')!.cli, 'newco');
    const only = mergeRegistry(builtin(), {
      path: 'c',
      registry: { replaceBuiltins: true },
      providers: { x: {} },
      models: [{ ref: 'x/m' }],
    });
    assert.deepEqual(
      only.models.map((m) => m.ref),
      ['x/m'],
    );
  });

  it('registry file errors name the file, line, column and key', () => {
    assert.equal(
      throwsMessage(() => parseRegistry('profiles/registry.yaml', 'providers:\n  a: {}\nmodels:\n  - { ref: b/x }\n')),
      "profiles/registry.yaml:4:7: models[0].ref: unknown provider 'b'",
    );
    assert.equal(
      throwsMessage(() => parseRegistry('r.yaml', 'providers:\n  a: { cli: a, colour: red }\nmodels: []\n')),
      'r.yaml:2:16: providers.a.colour: unknown key',
    );
    assert.equal(
      throwsMessage(() => parseRegistry('r.yaml', 'providers:\n  a: {}\nmodels:\n  - ref: nope\n')),
      "r.yaml:4:5: models[0].ref: must be '<provider>/<model>'",
    );
  });

  it('availability reasons in the order of docs/roles.md › Availability (1–5)', () => {
    const text = registryText(
      ['claude', 'codex', 'off'],
      [{ ref: 'claude/c1' }, { ref: 'codex/x1', roles: ['critic'] }, { ref: 'off/o1' }, { ref: 'codex/x2' }],
      ['off'],
    );
    const pool = new ModelPool(parseRegistry('r.yaml', text));
    const make = (missing: string[], backend: 'tmux' | 'none') =>
      new AvailabilityContext(
        pool,
        resolveHost('claude-code'),
        makeContext({ missingClis: missing, terminalBackend: backend }).ctx.environment,
      );
    const a = make(['codex'], 'none');
    assert.equal(a.availability('nope/m', 'analyser').reason, "unknown model 'nope/m'");
    assert.equal(a.availability('codex/x1', 'analyser').reason, "model 'codex/x1' does not serve role 'analyser'");
    assert.equal(a.availability('off/o1', 'analyser').reason, "provider 'off' is disabled");
    assert.deepEqual(a.availability('codex/x2', 'analyser'), {
      available: false,
      reason: "provider CLI 'codex' was not found on PATH",
      environmental: true,
    });
    assert.equal(a.availability('codex/x2', 'analyser', 'current-session').available, true);
    const b = make([], 'none');
    assert.deepEqual(b.availability('codex/x2', 'analyser'), {
      available: false,
      reason: "host 'claude-code' cannot start a new 'codex' session: no terminal backend",
      environmental: true,
    });
    assert.equal(b.availability('claude/c1', 'analyser').available, true, 'the native provider needs no terminal backend');
  });

  it('asks the environment once per provider per session', () => {
    const fx = makeContext();
    const session = openRoleSession(fx.ctx, makeState());
    for (let i = 0; i < 3; i++) session.availability().executableCandidates('analyser');
    session.availability().executableCandidates('critic');
    assert.deepEqual(fx.cliCalls, ['claude', 'codex', 'antigravity', 'grok', 'kimi']);
  });
});
