// The examples of docs/profiles.md, loaded through the product's own readers and then used for a whole wizard by the
// CLI, so that the page's examples work as written.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseRoleProfile } from '../../../src/core/roles/roleProfile';
import { mergeRegistry, parseRegistry } from '../../../src/core/roles/registry';
import { parseConfig } from '../../../src/workspace/config';
import { loadModelDefaultsFile, loadTeamsFile } from '../../../src/workspace/environment';
import { cleanupTemp, cli, copyFixture, defaultAnswer, fullEnv, providerBin, statePathIn, tempDir } from '../cli/cliHarness';
import { REPO_ROOT } from '../../helpers/tempDirs';

/** `<!-- example: <path> -->` followed by a fenced block (indented or not): path → the block's text. */
function examples(page: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /<!-- example: (\S+) -->\n( *)```[a-z]*\n([\s\S]*?)\n\2```/g;
  for (const [, file, indent, body] of page.matchAll(re)) {
    out.set(
      file,
      body
        .split('\n')
        .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
        .join('\n') + '\n',
    );
  }
  return out;
}

/** The values after each `flag` of an outcome's argv, in order. */
function argvValues(outcome: { renderArgv: string[] }, flag: string): string[] {
  return outcome.renderArgv.flatMap((a, i) => (outcome.renderArgv[i - 1] === flag ? [a] : []));
}

describe('docs/profiles.md examples', function () {
  // Whole wizards through the bundled CLI, a process per command, as the CLI's own suites (test/unit/cli/).
  this.timeout(120_000);
  const page = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'profiles.md'), 'utf8');
  const ex = examples(page);
  const profile = ex.get('.okstra/prompts/profiles/requirements-discovery.md')!;
  const config = ex.get('.okstra/config.yaml')!;
  const userDefaults = ex.get('model-defaults.yaml')!;
  const teams = ex.get('.okstra/config.yaml#teams')!;
  const userTeams = ex.get('teams.yaml')!;
  after(cleanupTemp);

  it('the page has the five examples, each marked with the file it goes to', () => {
    assert.deepEqual([...ex.keys()].sort(), [
      '.okstra/config.yaml',
      '.okstra/config.yaml#teams',
      '.okstra/prompts/profiles/requirements-discovery.md',
      'model-defaults.yaml',
      'teams.yaml',
    ]);
  });

  it('the teams load: appended to the config, and the personal teams file', () => {
    assert.deepEqual(Object.keys(parseConfig(config + teams, '.okstra/config.yaml').teams ?? {}), ['usual-panel', 'payments-review']);
    const file = path.join(tempDir('okstra-docs-'), 'teams.yaml');
    fs.writeFileSync(file, userTeams);
    assert.deepEqual(loadTeamsFile(file), {
      'quick-look': {
        description: 'One analyser, no critic',
        roles: { analyser: ['claude/sonnet-4.5', 'codex/gpt-5.1-codex-mini'], critic: [] },
      },
    });
  });

  it('a whole wizard with a team, by the CLI: a team that cannot start here is not available with its reason', async () => {
    const root = copyFixture('okstra-project');
    fs.writeFileSync(path.join(root, '.okstra', 'config.yaml'), config + teams);
    fs.mkdirSync(path.join(root, '.okstra', 'prompts', 'profiles'), { recursive: true });
    fs.writeFileSync(path.join(root, '.okstra', 'prompts', 'profiles', 'requirements-discovery.md'), profile);
    const bin = providerBin();
    fs.writeFileSync(path.join(bin, 'acme-agent'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    fs.rmSync(path.join(bin, 'kimi')); // payments-review's critic cannot start here
    const teamsFile = path.join(tempDir('okstra-docs-'), 'teams.yaml');
    fs.writeFileSync(teamsFile, userTeams);
    const env = fullEnv(bin, { OKSTRA_TEAMS: teamsFile });
    const state = statePathIn(root, 'search', 'autocomplete');
    let prompt = (await cli(['init', '--state', state, '--project-root', root, '--task', 'search/autocomplete'], { env })).json.next;
    for (let n = 0; n < 30 && prompt.step !== 'team-pick'; n++) {
      const answer = prompt.step === 'task-type' ? 'requirements-discovery' : defaultAnswer(prompt);
      prompt = (await cli(['step', '--state', state, '--answer', answer], { env })).json.next;
    }
    assert.equal(prompt.step, 'team-pick');
    assert.deepEqual(
      prompt.options.map((o: any) => [o.value, o.disabled === true, o.description]),
      [
        [
          'usual-panel',
          false,
          'leader: claude/opus-4.5 · analyser: codex/gpt-5.1-codex, antigravity/gemini-3-pro · no critic · report-writer: claude/sonnet-4.5',
        ],
        ['payments-review', true, "critic #1 (kimi/kimi-k2): provider CLI 'kimi' was not found on PATH"],
        ['quick-look', false, 'analyser: claude/sonnet-4.5, codex/gpt-5.1-codex-mini · no critic'],
        ['one-by-one', false, undefined],
      ],
    );
    const refused = (await cli(['step', '--state', state, '--answer', 'payments-review'], { env })).json;
    assert.equal(
      refused.error,
      "team 'payments-review' cannot be used on this run: critic #1 (kimi/kimi-k2): provider CLI 'kimi' was not found on PATH",
    );
    const picked = (await cli(['step', '--state', state, '--answer', 'usual-panel'], { env })).json;
    assert.equal(picked.ok, true, JSON.stringify(picked));
    assert.equal(picked.echo, 'team-pick: usual-panel');
    assert.equal(picked.next.step, 'role-model:domain-expert:1', 'the one agent usual-panel does not name');
    prompt = picked.next;
    for (let n = 0; n < 30 && prompt.kind !== 'done'; n++)
      prompt = (await cli(['step', '--state', state, '--answer', defaultAnswer(prompt)], { env })).json.next;
    const outcome = (await cli(['outcome', '--state', state], { env })).json;
    assert.deepEqual(argvValues(outcome, '--role-count'), ['analyser=2']);
    assert.deepEqual(argvValues(outcome, '--role-model'), [
      'leader=claude/opus-4.5',
      'analyser=codex/gpt-5.1-codex',
      'analyser=antigravity/gemini-3-pro',
      'domain-expert=acme/coder-1',
      'report-writer=claude/sonnet-4.5',
    ]);
  });

  it('the role profile loads: counts, distinct providers, a dynamic role', () => {
    const p = parseRoleProfile('requirements-discovery.md', profile, 'requirements-discovery');
    const byRole = Object.fromEntries(p.roles.map((r) => [r.role, r]));
    assert.deepEqual(Object.keys(byRole), ['analyser', 'domain-expert', 'critic', 'report-writer', 'researcher']);
    assert.deepEqual(
      [byRole.analyser.min, byRole.analyser.max, byRole.analyser.recommended, byRole.analyser.distinct],
      [2, 3, 2, 'provider'],
    );
    assert.equal(byRole.researcher.dynamic, true);
    assert.match(p.body, /domain expert/);
  });

  it('the config loads and merges over the built-in registry', () => {
    const builtin = parseRegistry('profiles/registry.yaml', fs.readFileSync(path.join(REPO_ROOT, 'profiles', 'registry.yaml'), 'utf8'));
    const merged = mergeRegistry(builtin, parseConfig(config, '.okstra/config.yaml'));
    assert.equal(merged.providers.get('grok')!.enabled, false);
    assert.deepEqual(merged.providers.get('acme'), { id: 'acme', display: 'Acme', cli: 'acme-agent', enabled: true });
    const acme = merged.models.at(-1)!;
    assert.deepEqual([acme.ref, acme.roles, acme.defaultFor], ['acme/coder-1', ['domain-expert', 'implementer'], ['domain-expert']]);
  });

  it('the user defaults file loads', () => {
    const file = path.join(tempDir('okstra-docs-'), 'model-defaults.yaml');
    fs.writeFileSync(file, userDefaults);
    assert.deepEqual(loadModelDefaultsFile(file), {
      critic: ['antigravity/gemini-3-pro'],
      'domain-expert': ['acme/coder-1'],
      'report-writer': ['claude/opus-4.5'],
    });
  });

  it('a whole wizard with the three files: the roles, the added provider and the defaults as the page says', async () => {
    const root = copyFixture('okstra-project');
    fs.writeFileSync(path.join(root, '.okstra', 'config.yaml'), config);
    fs.mkdirSync(path.join(root, '.okstra', 'prompts', 'profiles'), { recursive: true });
    fs.writeFileSync(path.join(root, '.okstra', 'prompts', 'profiles', 'requirements-discovery.md'), profile);
    const bin = providerBin();
    fs.writeFileSync(path.join(bin, 'acme-agent'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const defaultsFile = path.join(tempDir('okstra-docs-'), 'model-defaults.yaml');
    fs.writeFileSync(defaultsFile, userDefaults);
    const env = fullEnv(bin, { OKSTRA_MODEL_DEFAULTS: defaultsFile });
    const state = statePathIn(root, 'search', 'autocomplete');

    let prompt = (await cli(['init', '--state', state, '--project-root', root, '--task', 'search/autocomplete'], { env })).json.next;
    const asked: Record<string, any> = {};
    for (let n = 0; n < 60 && prompt.kind !== 'done'; n++) {
      asked[prompt.step] = prompt;
      const answer = prompt.step === 'task-type' ? 'requirements-discovery' : defaultAnswer(prompt);
      const r = await cli(['step', '--state', state, '--answer', answer], { env });
      assert.equal(r.json.ok, true, r.stdout);
      prompt = r.json.next;
    }
    assert.equal(prompt.kind, 'done');
    // The analyser count is asked from 2, the domain expert is fixed at one agent and asked only for its model.
    assert.deepEqual(
      asked['role-count:analyser'].options.map((o: any) => o.value),
      ['2', '3'],
    );
    assert.equal(asked['role-count:domain-expert'], undefined);
    // Defaults: the user's for the domain expert, the project's (rotated) for the analysers and the report writer.
    const preselected = (id: string) => asked[id].options.find((o: any) => o.default)?.value;
    assert.equal(preselected('role-model:domain-expert:1'), 'acme/coder-1');
    assert.equal(preselected('role-model:analyser:1'), 'claude/opus-4.5');
    assert.equal(preselected('role-model:analyser:2'), 'codex/gpt-5.1-codex');
    assert.equal(preselected('role-model:report-writer:1'), 'claude/sonnet-4.5');
    // grok is disabled: never offered.
    for (const p of Object.values(asked)) assert.ok(!p.options.some((o: any) => String(o.value).startsWith('grok/')), p.step);

    const outcome = (await cli(['outcome', '--state', state], { env })).json;
    assert.equal(outcome.ok, true, JSON.stringify(outcome));
    assert.deepEqual(argvValues(outcome, '--role-count'), ['analyser=2']);
    assert.deepEqual(argvValues(outcome, '--role-model'), [
      'leader=claude/opus-4.5',
      'analyser=claude/opus-4.5',
      'analyser=codex/gpt-5.1-codex',
      'domain-expert=acme/coder-1',
      'report-writer=claude/sonnet-4.5',
    ]);
  });
});
