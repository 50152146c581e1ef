import assert from 'node:assert/strict';
import { hostSessionContextJson, nextRolePrompt, openRoleSession, validateHost } from '../../../src/core/roles';
import { makeContext, makeState } from './fixtures';
import { throwsMessage } from './helpers';

describe('roles: hosts', () => {
  it('R-CMP-8: the host-session context JSON is exact', () => {
    assert.equal(
      hostSessionContextJson(makeState()),
      '{"hostId":"claude-code","entryMode":"spawn-process","availableFunctions":[],"interactionSurface":"wizard","currentModel":{"providerId":"claude","normalizedModelRef":null,"observedModel":null,"effort":null}}',
    );
    assert.equal(
      hostSessionContextJson(makeState({ host_runtime: 'vscode', available_functions: ['b', 'Z', 'é', 'a', 'b'] })),
      '{"hostId":"vscode","entryMode":"spawn-process","availableFunctions":["Z","a","b","é"],"interactionSurface":"wizard","currentModel":{"providerId":null,"normalizedModelRef":null,"observedModel":null,"effort":null}}',
    );
  });

  it('R-ID-14: unknown hosts and unsupported entry modes are refused', () => {
    assert.equal(
      throwsMessage(() => validateHost('emacs', 'spawn-process')),
      "unknown host runtime 'emacs' (known: antigravity, claude-code, codex, vscode)",
    );
    assert.equal(
      throwsMessage(() => validateHost('vscode', 'current-session')),
      "host 'vscode' does not support entry mode 'current-session'",
    );
    assert.equal(validateHost('codex', 'current-session').nativeProviderId, 'codex');
    const { ctx } = makeContext();
    const state = makeState({ host_runtime: 'emacs' });
    assert.match(
      throwsMessage(() => nextRolePrompt(openRoleSession(ctx, state), state)),
      /^unknown host runtime 'emacs'/,
    );
    assert.match(
      throwsMessage(() => hostSessionContextJson(state)),
      /^unknown host runtime 'emacs'/,
    );
  });
});
