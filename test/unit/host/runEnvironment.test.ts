// The run-environment check (src/host/runEnvironment.ts): okstra resolved and asked its version, each provider CLI
// the wizard's roles need (every enabled one without a wizard), the terminal backend and, in VS Code, trust; each
// problem with the setting or variable that fixes it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkRunEnvironment, runEnvironmentText, WizardHost, type RunEnvironmentInput } from '../../../src/host';
import { textsFor } from '../../../src/core/text';
import { buildEnvironment } from '../../../src/host/environment';
import { cleanupTemp } from '../cli/cliHarness';
import { demoCopy, demoEnv } from '../mcp/mcpHarness';

const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');
const PROVIDERS = ['claude', 'codex', 'antigravity', 'grok', 'kimi'];

function host(project: string, env: NodeJS.ProcessEnv): WizardHost {
  return new WizardHost({
    builtinProfilesDir: PROFILES,
    environment: () => buildEnvironment({ env, cwd: project }),
    texts: () => textsFor('en'),
  });
}

function check(project: string, env: NodeJS.ProcessEnv, extra: Partial<RunEnvironmentInput> = {}) {
  const h = host(project, env);
  return checkRunEnvironment({ projectRootAbs: project, ctx: h.context(project), state: null, env, ...extra });
}

/** A PATH folder with the demo's stand-ins except `without`. */
function binWithout(project: string, without: string): string {
  const bin = path.join(project, '.partial-bin');
  fs.mkdirSync(bin);
  for (const name of ['okstra', ...PROVIDERS].filter((n) => n !== without)) {
    fs.symlinkSync(path.join(project, '.demo-bin', name), path.join(bin, name));
  }
  fs.copyFileSync(path.join(project, '.demo-bin', 'agent-stand-in.cjs'), path.join(bin, 'agent-stand-in.cjs'));
  return bin;
}

describe('host: Check Run Environment', function () {
  this.timeout(60_000);
  after(cleanupTemp);

  it('the demo with its stand-ins on PATH: okstra with its version and every provider CLI found, ready', () => {
    const project = demoCopy();
    const report = check(project, demoEnv(project));
    assert.equal(report.ok, true, runEnvironmentText(report));
    const okstra = report.checks.find((c) => c.code === 'okstra-found');
    assert.ok(okstra, runEnvironmentText(report));
    assert.equal(okstra.detail, `${path.join(project, '.demo-bin', 'okstra')}: okstra 0.9.0 (demo stand-in)`);
    assert.deepEqual(
      report.checks.filter((c) => c.code === 'provider-found').map((c) => c.subject),
      PROVIDERS.map((p) => `provider ${p} (CLI '${p}')`),
    );
    assert.equal(report.summary, 'ready: okstra 0.9.0 (demo stand-in); 5 provider CLIs found');
    assert.deepEqual(
      report.checks.find((c) => c.subject === 'terminal backend'),
      {
        code: 'terminal-backend',
        status: 'ok',
        subject: 'terminal backend',
        detail: 'vscode-terminal',
      },
    );
  });

  it("one provider CLI missing: names the CLI, the wizard's roles that need it and the setting or variable to set", () => {
    const project = demoCopy();
    const env = { ...demoEnv(project), PATH: `${binWithout(project, 'codex')}${path.delimiter}${path.dirname(process.execPath)}` };
    const state = { role_models: { leader: ['claude/opus-4.5'], critic: ['codex/gpt-5.1-codex'], analyser: ['codex/gpt-5.1-codex'] } };
    const report = check(project, env, { state: state as unknown as RunEnvironmentInput['state'] });
    assert.equal(report.ok, false);
    // With a wizard, only the providers its roles use are checked.
    assert.deepEqual(
      report.checks.filter((c) => c.code.startsWith('provider')).map((c) => c.subject),
      ["provider claude (CLI 'claude')", "provider codex (CLI 'codex')"],
    );
    const codex = report.checks.find((c) => c.code === 'provider-missing');
    assert.ok(codex);
    assert.deepEqual(codex.roles, ['critic', 'analyser']);
    assert.equal(
      codex.detail,
      "'codex' is not on PATH and neither okstra.providers.codex.path nor OKSTRA_CODEX_CLI names an executable; needed by 'critic', 'analyser'",
    );
    assert.equal(
      codex.fix,
      'set okstra.providers.codex.path (VS Code) or OKSTRA_CODEX_CLI to the codex executable, or put `codex` on PATH',
    );
    assert.match(report.summary, /^1 problem: provider codex \(CLI 'codex'\): 'codex' is not on PATH/);
    // The variable fixes it.
    const fixed = check(project, { ...env, OKSTRA_CODEX_CLI: path.join(project, '.demo-bin', 'codex') }, { state: state as never });
    assert.equal(fixed.ok, true, runEnvironmentText(fixed));
    assert.match(fixed.checks.find((c) => c.subject.startsWith('provider codex'))!.detail, /from the environment variable\)$/);
  });

  it('okstra missing, or its --version failing: a problem naming the command and the setting that fixes it', () => {
    const project = demoCopy();
    const env = { ...demoEnv(project), PATH: `${binWithout(project, 'okstra')}${path.delimiter}${path.dirname(process.execPath)}` };
    const missing = check(project, env);
    const c = missing.checks[0]!;
    assert.equal(c.code, 'okstra-missing');
    assert.equal(c.detail, "'okstra' is not found or not executable");
    assert.match(c.fix!, /okstra\.command setting \(VS Code\) or okstraCommand in \.okstra\/config\.yaml/);
    const failing = check(project, demoEnv(project), { versionProbe: () => ({ ok: false, reason: '`--version` exited with 3' }) });
    assert.equal(failing.checks[0]!.code, 'okstra-version-failed');
    assert.match(failing.checks[0]!.detail, /: `--version` exited with 3$/);
    // The okstra.command setting is what is resolved.
    const viaSetting = check(project, env, { okstraCommand: [path.join(project, '.demo-bin', 'okstra')] });
    assert.equal(viaSetting.checks[0]!.code, 'okstra-found');
  });

  it('what okstra prints is not trusted: control and bidirectional characters are shown as ?, one line, at most 200 characters', () => {
    const project = demoCopy();
    const report = check(project, demoEnv(project), {
      versionProbe: () => ({ ok: true, output: 'okstra\u001b[31m 1.0\u202e' }),
    });
    assert.equal(report.checks[0]!.detail.split(': ')[1], 'okstra?[31m 1.0?');
  });

  it("without asking the version (the confirmation's check): okstra is resolved, no process is started, and the summary names its path", () => {
    const project = demoCopy();
    let asked = 0;
    const report = check(project, demoEnv(project), {
      askVersion: false,
      versionProbe: () => {
        asked++;
        return { ok: true, output: 'okstra 1.0' };
      },
    });
    assert.equal(asked, 0);
    assert.equal(report.checks[0]!.code, 'okstra-found');
    assert.equal(report.checks[0]!.detail, path.join(project, '.demo-bin', 'okstra'));
    assert.match(report.summary, /^ready: okstra found; \d+ provider CLIs found/);
  });

  it('a real --version that hangs is given up after its time limit', function () {
    const project = demoCopy();
    const slow = path.join(project, 'slow-okstra');
    fs.writeFileSync(slow, '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    const report = check(project, demoEnv(project), { okstraCommand: [slow] });
    assert.equal(report.checks[0]!.code, 'okstra-version-failed');
    assert.match(report.checks[0]!.detail, /did not answer within 5 s$/);
  });

  it('workspace trust (VS Code only) and an unreadable config.yaml are problems with their fix', () => {
    const project = demoCopy();
    const untrusted = check(project, demoEnv(project), { trusted: false });
    assert.deepEqual(untrusted.checks.at(-1), {
      code: 'workspace-untrusted',
      status: 'problem',
      subject: 'workspace trust',
      detail: 'this workspace is in Restricted Mode: Run is off',
      fix: 'trust the workspace (Workspaces: Manage Workspace Trust)',
    });
    assert.equal(
      check(project, demoEnv(project)).checks.some((c) => c.subject === 'workspace trust'),
      false,
    );
    fs.writeFileSync(path.join(project, '.okstra', 'config.yaml'), 'providers: [\n');
    const broken = check(project, demoEnv(project));
    const p = broken.checks.find((c) => c.code === 'providers-unknown');
    assert.ok(p, runEnvironmentText(broken));
    assert.match(p.detail, /^the providers cannot be read: .*config\.yaml/);
  });

  it('a terminal backend of none is a warning that says what it costs and how to set one', () => {
    const project = demoCopy();
    const env: NodeJS.ProcessEnv = { ...demoEnv(project) };
    delete env.OKSTRA_TERMINAL_BACKEND;
    const report = check(project, env);
    const t = report.checks.find((c) => c.subject === 'terminal backend')!;
    assert.equal(t.code, 'terminal-backend-none');
    assert.equal(t.status, 'warning');
    assert.equal(report.ok, true);
    assert.match(report.summary, /; 1 warning$/);
  });
});
