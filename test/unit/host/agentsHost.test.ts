// The host's pieces for agents that every front end gets: the nearest known tasks, notices once, the words of an
// environment in which no provider can start, a step cancelled before its save, and the preview only at confirm.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NoticeLedger, nearestTaskKeys, unknownTaskMessage, WizardHost } from '../../../src/host';
import { textsFor } from '../../../src/core/text';
import { buildEnvironment } from '../../../src/host/environment';
import { environmentWhere } from '../../../src/workspace/environment';
import { cleanupTemp, cli, sha256, tempDir } from '../cli/cliHarness';
import { demoCopy, demoEnv } from '../mcp/mcpHarness';

const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');

function host(project: string, env: NodeJS.ProcessEnv, environmentHint?: string): WizardHost {
  return new WizardHost({
    builtinProfilesDir: PROFILES,
    environment: () => buildEnvironment({ env, cwd: project }),
    texts: () => textsFor('en'),
    audience: 'agent',
    environmentHint,
  });
}

describe('host: what agents need, for every front end', function () {
  this.timeout(60_000);
  after(cleanupTemp);

  it('an unknown task is answered with the known tasks of a small project, the nearest of a big one', () => {
    assert.equal(unknownTaskMessage(['b/x', 'a/y'], 'a/z'), "unknown task: 'a/z'; the known tasks: 'a/y', 'b/x'");
    assert.equal(unknownTaskMessage([], 'a/z'), "unknown task: 'a/z'; the project has no tasks yet (.okstra/tasks/<group>/<id>/)");
    const keys = Array.from({ length: 40 }, (_, i) => `group-${i % 4}/task-${String(i).padStart(2, '0')}`);
    keys.push('payments/refund-queue', 'payments/refund-timeout');
    const near = nearestTaskKeys(keys, 'payments/refund-queu');
    assert.equal(near.length, 5);
    assert.deepEqual(near.slice(0, 2), ['payments/refund-queue', 'payments/refund-timeout']);
    assert.match(
      unknownTaskMessage(keys, 'payments/refund-queu'),
      /; the nearest known tasks: 'payments\/refund-queue', 'payments\/refund-timeout', /,
    );
  });

  it('notices once: a result leaves out what an earlier one of the same wizard reported; a new wizard starts afresh', () => {
    const ledger = new NoticeLedger();
    assert.deepEqual(ledger.fresh('a/b', ['x', 'y']), ['x', 'y']);
    assert.deepEqual(ledger.fresh('a/b', ['x', 'z']), ['z']);
    assert.deepEqual(ledger.fresh('c/d', ['x']), ['x'], 'per wizard');
    ledger.forget('a/b');
    assert.deepEqual(ledger.fresh('a/b', ['x']), ['x']);
  });

  it("the environment's words: PATH as it is, OKSTRA_TERMINAL_BACKEND set or not", () => {
    const env = { PATH: '/opt/bin:/usr/bin' };
    assert.equal(environmentWhere({ env, terminalBackend: 'none' }), "PATH is '/opt/bin:/usr/bin'; OKSTRA_TERMINAL_BACKEND is not set");
    assert.equal(
      environmentWhere({ env: { ...env, OKSTRA_TERMINAL_BACKEND: 'tmux' }, terminalBackend: 'tmux' }),
      "PATH is '/opt/bin:/usr/bin'; OKSTRA_TERMINAL_BACKEND is 'tmux'",
    );
    assert.equal(environmentWhere({ env: {}, terminalBackend: 'none' }), 'PATH is not set; OKSTRA_TERMINAL_BACKEND is not set');
  });

  it('no provider can start: reported when the task is chosen (with the front end hint), never without a hint', () => {
    const project = demoCopy();
    const bare = { PATH: path.dirname(process.execPath), HOME: os.tmpdir() };
    const { result } = host(project, bare, 'HINT').startTask(project, 'checkout/saved-card-migration', {
      hostRuntime: 'claude-code',
      entryMode: 'spawn-process',
    });
    assert.ok(result.ok);
    const env = result.notices.filter((n) => n.kind === 'environment' && n.text.startsWith('no model can start'));
    assert.equal(env.length, 1, JSON.stringify(result.notices));
    assert.match(
      env[0]!.text,
      /^no model can start a new session here: provider CLIs 'claude', .* \(PATH is '.*'; OKSTRA_TERMINAL_BACKEND is not set\)\. HINT$/,
    );
    const other = demoCopy();
    const quiet = host(other, bare).startTask(other, 'checkout/saved-card-migration', {
      hostRuntime: 'claude-code',
      entryMode: 'spawn-process',
    });
    assert.ok(!quiet.result.notices.some((n) => n.text.startsWith('no model can start')), 'a front end without a hint is not told');
    const fine = demoCopy();
    const demo = host(fine, demoEnv(fine), 'HINT').startTask(fine, 'checkout/saved-card-migration', {
      hostRuntime: 'claude-code',
      entryMode: 'spawn-process',
    });
    assert.ok(!demo.result.notices.some((n) => n.text.startsWith('no model can start')), 'not where a provider can start');
  });

  it('the CLI reports it too, with its own words for the fix', () => {
    const project = demoCopy();
    const state = path.join(project, '.okstra', 'tasks', 'checkout', 'saved-card-migration.wizard.json');
    const r = cli(['init', '--state', state, '--project-root', project, '--task', 'checkout/saved-card-migration'], {
      env: { PATH: path.dirname(process.execPath), HOME: os.tmpdir() },
    });
    assert.equal(r.json.ok, true, r.stdout);
    assert.ok(
      r.json.notices.some((n: string) =>
        /^no model can start a new session here: .*Run okstra-wizard with a PATH that holds the provider CLIs/.test(n),
      ),
      r.stdout,
    );
  });

  it('a step cancelled before its save writes nothing (code cancelled); the preview is only at confirm', () => {
    const project = demoCopy();
    const h = host(project, demoEnv(project));
    const { wizard, result } = h.startTask(project, 'checkout/saved-card-migration', {
      hostRuntime: 'claude-code',
      entryMode: 'spawn-process',
    });
    assert.ok(result.ok && result.next);
    const sha = sha256(wizard.statePath!);
    const r = wizard.submit(
      'requirements-discovery',
      { expected: { prompt: result.next.id, revision: result.next.revision } },
      { cancelled: () => true },
    );
    assert.ok(!r.ok);
    assert.deepEqual([r.code, r.error], ['cancelled', 'cancelled before anything was written']);
    assert.equal(r.current?.id, result.next.id);
    assert.equal(sha256(wizard.statePath!), sha);
    const preview = wizard.preview();
    assert.ok(!preview.ok);
    assert.equal(preview.code, 'not-complete');
    assert.throws(
      () =>
        h.startTask(demoCopy(), 'checkout/saved-card-migration', {
          hostRuntime: 'claude-code',
          entryMode: 'spawn-process',
          cancelled: () => true,
        }),
      (e: Error & { code?: string }) => e.code === 'cancelled',
    );
  });
});

describe('host: an answer bound to the prompt shown', function () {
  this.timeout(60_000);
  after(cleanupTemp);

  it('is matched against the prompt kept from the bytes it was shown from, unless the environment it was computed in changed', () => {
    const project = demoCopy();
    const full = buildEnvironment({ env: demoEnv(project), cwd: project });
    const bin = tempDir('okstra-bin-');
    for (const name of fs.readdirSync(path.join(project, '.demo-bin')).filter((n) => n !== 'codex')) {
      fs.copyFileSync(path.join(project, '.demo-bin', name), path.join(bin, name));
      fs.chmodSync(path.join(bin, name), 0o755);
    }
    const withoutCodex = buildEnvironment({
      env: { ...demoEnv(project), PATH: `${bin}${path.delimiter}${path.dirname(process.execPath)}` },
      cwd: project,
    });
    let port = full;
    const h = new WizardHost({ builtinProfilesDir: PROFILES, environment: () => port, texts: () => textsFor('en'), audience: 'agent' });
    const { wizard, result } = h.startTask(project, 'checkout/saved-card-migration', {
      hostRuntime: 'claude-code',
      entryMode: 'spawn-process',
    });
    assert.ok(result.ok);
    // Walk to the first model prompt that offers a codex model.
    let p = result.next!;
    for (let i = 0; i < 20 && !(p.id.startsWith('role-model:') && p.options.some((o) => o.value.startsWith('codex/'))); i++) {
      const enabled = p.options.filter((o) => !o.disabled);
      const answer = p.kind === 'text' ? (p.default ?? '') : (enabled.find((o) => o.default) ?? enabled[0])!.value;
      const r = wizard.submit(answer, { expected: { prompt: p.id, revision: p.revision } });
      assert.ok(r.ok, JSON.stringify(r));
      p = r.next!;
    }
    const codex = p.options.find((o) => o.value.startsWith('codex/'))!.value;
    const bound = { expected: { prompt: p.id, revision: p.revision } };
    // The environment changes under the prompt shown (the provider's CLI is gone): the prompt is computed again.
    port = withoutCodex;
    const refused = wizard.submit(codex, bound);
    assert.ok(!refused.ok, 'refused against the prompt of the environment as it is now');
    assert.match(refused.error, /is not a compatible candidate/);
    // Shown again in this environment and answered with an offered model: taken.
    const shown = wizard.current().prompt!;
    const offered = shown.options.find((o) => !o.disabled)!.value;
    assert.ok(wizard.submit(offered, { expected: { prompt: shown.id, revision: shown.revision } }).ok);
  });
});
