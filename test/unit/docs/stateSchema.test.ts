// schemas/wizard-state.schema.json against the state codec (src/core/wizard/stateCodec.ts), the product's judge of
// a state file: every state file of the demo and the fixtures, every file the CLI writes during a wizard, and
// payloads the codec refuses.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseState, stateToJson } from '../../../src/core/wizard/stateCodec';
import { defaultState } from '../../../src/core/wizard/stateSchema';
import { cleanupTemp, cli, copyFixture, defaultAnswer, fullMachine, statePathIn } from '../cli/cliHarness';
import { problems, REPO_ROOT } from './schemaValidator';

const SCHEMA = 'wizard-state.schema.json';

function codecAccepts(payload: unknown): boolean {
  try {
    parseState(payload);
    return true;
  } catch {
    return false;
  }
}

function stateFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((rel) => /\.wizard\.json(\.v2(\.[0-9a-f]{64}(\.\d+)?)?\.json)?$/.test(rel))
    .map((rel) => path.join(dir, rel));
}

const V2 = () => stateToJson({ ...defaultState(), project_root: '/p', workspace_root: '/p/.okstra' });

describe('the state file schema', function () {
  // Whole wizards through the bundled CLI, a process per command, as the CLI's own suites (test/unit/cli/).
  this.timeout(120_000);
  it('accepts every state file of the demo and the fixtures (legacy v1 ones too), as the codec does', () => {
    const files = [...stateFiles('demo'), ...stateFiles('test/fixtures')];
    assert.ok(files.length >= 2, files.join(', '));
    for (const file of files) {
      const payload = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'));
      assert.ok(codecAccepts(payload), `${file}: the codec refuses it`);
      assert.equal(problems(SCHEMA, payload), null, file);
    }
  });

  it('accepts every state file the CLI writes during a whole wizard', async () => {
    const { env } = fullMachine();
    const root = copyFixture('okstra-project');
    const state = statePathIn(root, 'platform', 'node-upgrade');
    try {
      let prompt = (await cli(['init', '--state', state, '--project-root', root, '--task', 'platform/node-upgrade'], { env })).json.next;
      let files = 0;
      for (let n = 0; n < 60 && prompt.kind !== 'done'; n++) {
        const r = await cli(['step', '--state', state, '--answer', defaultAnswer(prompt)], { env });
        assert.equal(r.json.ok, true, r.stdout);
        prompt = r.json.next;
        assert.equal(problems(SCHEMA, JSON.parse(fs.readFileSync(state, 'utf8'))), null, `after ${n + 1} answers`);
        files++;
      }
      assert.ok(files > 3);
    } finally {
      cleanupTemp();
    }
  });

  const refused: Record<string, () => unknown> = {
    'a list instead of an object': () => [],
    'an unsupported version': () => ({ ...V2(), executionIdentityVersion: 3 }),
    'a v2 file with a v1 provider key': () => ({ ...V2(), lead_provider: 'claude' }),
    'a v2 file with a camelCase v1 key': () => ({ ...V2(), leadModel: 'opus' }),
    'a v2 file without roleCounts': () => {
      const { roleCounts: _drop, ...rest } = V2() as Record<string, unknown>;
      return rest;
    },
    'a v1 file with a v2 key': () => ({ task_id: 'x', roleCounts: {} }),
    'a string field holding a number': () => ({ ...V2(), task_id: 7 }),
    'a boolean field holding text': () => ({ ...V2(), aborted: 'no' }),
    'confirmed as a string': () => ({ ...V2(), confirmed: 'true' }),
    'answered as a string': () => ({ ...V2(), answered: 'task-pick' }),
    'a last_run without argv': () => ({ ...V2(), last_run: { startedAt: '2026-12-01T00:00:00Z', exitCode: 0 } }),
    'a fractional exit code': () => ({ ...V2(), last_run: { startedAt: 'x', argv: [], exitCode: 1.5 } }),
    'a fractional role count': () => ({ ...V2(), roleCounts: { analyser: 1.5 } }),
    'role models that are not lists': () => ({ ...V2(), roleModels: { analyser: 'claude/opus-4.5' } }),
    'a pending follow-up that is not text': () => ({ ...V2(), pendingFollowUp: 1 }),
  };
  for (const [what, make] of Object.entries(refused)) {
    it(`the codec and the schema both refuse ${what}`, () => {
      const payload = make();
      assert.equal(codecAccepts(payload), false, 'the codec accepts it');
      assert.notEqual(problems(SCHEMA, payload), null, 'the schema accepts it');
    });
  }

  it('keys this version does not know are kept by the codec and allowed by the schema', () => {
    const payload = { ...V2(), okstraNext: { anything: [1, 2] } };
    assert.ok(codecAccepts(payload));
    assert.equal(problems(SCHEMA, payload), null);
  });
});
