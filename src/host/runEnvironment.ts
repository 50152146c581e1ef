// The run-environment check (docs/run.md › Check Run Environment): before a run, on the machine where the extension
// host or the CLI runs, can okstra start, can each provider CLI the team needs start, is there a terminal backend, and
// (in VS Code) is the workspace trusted. One check for every front end: `okstra: Check Run Environment`,
// `okstra-wizard doctor`, and the agents' tool; each gives the same codes and the same texts.
import { spawnSync } from 'node:child_process';
import type { EngineContext, TerminalBackend } from '../core/ports';
import { providerCliEnvVar } from '../core/roles/providerCli';
import { mergeRegistry, parseRegistry, type ProviderEntry } from '../core/roles/registry';
import { okstraCommandArgv, type OkstraCommandSetting } from '../core/run';
import { pyReprString } from '../core/pyRepr';
import { WizardError, type WizardState } from '../core/types';
import { resolveProviderCli } from '../workspace/environment';
import { resolveProgram } from './run';

/** What one check found. `problem` blocks a run; `warning` may not; `ok` is fine. */
export const RUN_CHECK_STATUSES = ['ok', 'warning', 'problem'] as const;
type RunCheckStatus = (typeof RUN_CHECK_STATUSES)[number];

/** The stable code of each finding: code branches on these, never on the texts. */
export const RUN_CHECK_CODES = [
  'okstra-found',
  'okstra-missing',
  'okstra-version-failed',
  'provider-found',
  'provider-missing',
  'providers-unknown',
  'terminal-backend',
  'terminal-backend-none',
  'workspace-trusted',
  'workspace-untrusted',
] as const;
type RunCheckCode = (typeof RUN_CHECK_CODES)[number];

interface RunCheck {
  code: RunCheckCode;
  status: RunCheckStatus;
  /** What was checked, in words: `okstra`, `provider claude (CLI 'claude')`, `terminal backend`, `workspace trust`. */
  subject: string;
  /** What was found: the path and version, or why it cannot start. */
  detail: string;
  /** The setting or environment variable that fixes a problem (absent when nothing is wrong). */
  fix?: string;
  /** The roles of the wizard that need this provider (provider checks only; absent without a wizard). */
  roles?: string[];
}

export interface RunEnvironmentReport {
  /** True when nothing blocks a run (warnings allowed). */
  ok: boolean;
  /** One line for the confirmation and the status: `okstra 1.4.2 and 3 provider CLIs found` or what is wrong. */
  summary: string;
  checks: RunCheck[];
}

/** How `okstra --version` is asked (injected by the tests; the default spawns it, bounded in time). */
type VersionProbe = (program: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv) => VersionAnswer;
type VersionAnswer = { ok: true; output: string } | { ok: false; reason: string };

/** How long `okstra --version` may take before it is given up. */
const VERSION_TIMEOUT_MS = 5000;

/** Runs `<program> <args…> --version` with no shell, closed stdin and a time limit; the first line it prints. */
function spawnVersion(program: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): VersionAnswer {
  const r = spawnSync(program, [...args, '--version'], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: VERSION_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024,
    windowsHide: true,
  });
  if (r.error) {
    const code = (r.error as NodeJS.ErrnoException).code;
    if (code === 'ETIMEDOUT') return { ok: false, reason: `\`--version\` did not answer within ${VERSION_TIMEOUT_MS / 1000} s` };
    return { ok: false, reason: `\`--version\` could not start (${code ?? r.error.message})` };
  }
  const first = `${r.stdout ?? ''}`.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  if (r.status !== 0) {
    const err = `${r.stderr ?? ''}`.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
    const how = r.signal ? `was ended by ${r.signal}` : `exited with ${r.status}`;
    return { ok: false, reason: `\`--version\` ${how}${err ? `: ${err}` : ''}` };
  }
  return { ok: true, output: first };
}

/** At most 200 characters of one line, control characters shown as `?` (output of a program is not trusted). */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '?').trim();
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}

export interface RunEnvironmentInput {
  projectRootAbs: string;
  /** The engine context of the project (its config.yaml and built-in registry; the environment's terminal backend). */
  ctx: EngineContext;
  /** The wizard whose roles' providers are checked; null checks every enabled provider. */
  state: WizardState | null;
  /** The environment Run's process gets (PATH, OKSTRA_<P>_CLI). */
  env: NodeJS.ProcessEnv;
  /** The `okstra.command` setting (the extension), or undefined. */
  okstraCommand?: OkstraCommandSetting;
  /** `okstra.providers.<id>.path` settings (the extension only). */
  providerPaths?: Readonly<Record<string, string | undefined>>;
  /** Whether the workspace is trusted (the extension only; undefined elsewhere). */
  trusted?: boolean;
  versionProbe?: VersionProbe;
  /**
   * False: okstra is only resolved, `--version` is not asked (a check that starts no process, for the confirmation,
   * which must not wait on okstra). Default true.
   */
  askVersion?: boolean;
}

/** The providers of the project's registry (built-in merged with config.yaml); the error when it cannot be read. */
function projectProviders(ctx: EngineContext): { providers: ProviderEntry[] } | { error: string } {
  try {
    const builtin = ctx.workspace.builtinRegistry();
    const registry = mergeRegistry(parseRegistry(builtin.path, builtin.text), ctx.workspace.config());
    return { providers: [...registry.providers.values()] };
  } catch (err) {
    if (err instanceof WizardError) return { error: err.message };
    throw err;
  }
}

/** provider id → the roles of the wizard whose chosen models it serves; null when the wizard chose no model yet. */
function providerRoles(state: WizardState | null): Map<string, string[]> | null {
  if (!state) return null;
  const byProvider = new Map<string, string[]>();
  for (const [role, refs] of Object.entries(state.role_models ?? {})) {
    for (const ref of refs) {
      const provider = ref.split('/')[0]!;
      const roles = byProvider.get(provider) ?? [];
      if (!roles.includes(role)) roles.push(role);
      byProvider.set(provider, roles);
    }
  }
  return byProvider.size > 0 ? byProvider : null;
}

const SOURCE_WORDS = { setting: 'the okstra.providers setting', env: 'the environment variable', path: 'PATH' } as const;

function okstraChecks(input: RunEnvironmentInput): RunCheck[] {
  let config = null;
  try {
    config = input.ctx.workspace.config();
  } catch (err) {
    if (!(err instanceof WizardError)) throw err;
  }
  const command = okstraCommandArgv(input.okstraCommand, config);
  const subject = `okstra (${command.map((w) => pyReprString(w)).join(' ')})`;
  const fix =
    'set the okstra.command setting (VS Code) or okstraCommand in .okstra/config.yaml to the command that starts okstra, or put `okstra` on PATH';
  const program = resolveProgram(command[0]!, input.projectRootAbs, input.env);
  if (program === null) {
    return [
      { code: 'okstra-missing', status: 'problem', subject, detail: `${pyReprString(command[0]!)} is not found or not executable`, fix },
    ];
  }
  if (input.askVersion === false) return [{ code: 'okstra-found', status: 'ok', subject, detail: program }];
  const probe = input.versionProbe ?? spawnVersion;
  const answer = probe(program, command.slice(1), input.projectRootAbs, input.env);
  if (!answer.ok) {
    return [{ code: 'okstra-version-failed', status: 'problem', subject, detail: `${program}: ${oneLine(answer.reason)}`, fix }];
  }
  return [{ code: 'okstra-found', status: 'ok', subject, detail: `${program}: ${oneLine(answer.output) || '(printed nothing)'}` }];
}

function providerChecks(input: RunEnvironmentInput): RunCheck[] {
  const found = projectProviders(input.ctx);
  if ('error' in found) {
    return [
      {
        code: 'providers-unknown',
        status: 'problem',
        subject: 'provider CLIs',
        detail: `the providers cannot be read: ${found.error}`,
        fix: 'correct .okstra/config.yaml (providers:, models:)',
      },
    ];
  }
  const roles = providerRoles(input.state);
  const wanted = roles ? found.providers.filter((p) => roles.has(p.id)) : found.providers.filter((p) => p.enabled);
  return wanted.map((p): RunCheck => {
    const subject = `provider ${p.id} (CLI ${pyReprString(p.cli)})`;
    const needBy = roles?.get(p.id);
    const where = resolveProviderCli(p.id, p.cli, { env: input.env, settingPaths: input.providerPaths });
    if (where) {
      return {
        code: 'provider-found',
        status: 'ok',
        subject,
        detail: `${where.path} (from ${SOURCE_WORDS[where.source]})`,
        ...(needBy ? { roles: needBy } : {}),
      };
    }
    const envVar = providerCliEnvVar(p.id);
    return {
      code: 'provider-missing',
      status: 'problem',
      subject,
      detail: `${pyReprString(p.cli)} is not on PATH and neither okstra.providers.${p.id}.path nor ${envVar} names an executable${
        needBy ? `; needed by ${needBy.map((r) => pyReprString(r)).join(', ')}` : ''
      }`,
      fix: `set okstra.providers.${p.id}.path (VS Code) or ${envVar} to the ${p.cli} executable, or put \`${p.cli}\` on PATH`,
      ...(needBy ? { roles: needBy } : {}),
    };
  });
}

function terminalCheck(ctx: EngineContext): RunCheck {
  let backend: TerminalBackend;
  try {
    backend = ctx.environment.terminalBackend();
  } catch (err) {
    if (!(err instanceof WizardError)) throw err;
    return {
      code: 'terminal-backend-none',
      status: 'problem',
      subject: 'terminal backend',
      detail: err.message,
      fix: 'set OKSTRA_TERMINAL_BACKEND to tmux, zellij, vscode-terminal or none',
    };
  }
  if (backend === 'none') {
    return {
      code: 'terminal-backend-none',
      status: 'warning',
      subject: 'terminal backend',
      detail: 'none: agents that need a terminal of their own (current-session leaders, spawned panes) cannot get one',
      fix: 'run inside tmux or zellij, or set OKSTRA_TERMINAL_BACKEND (VS Code sets vscode-terminal itself)',
    };
  }
  return { code: 'terminal-backend', status: 'ok', subject: 'terminal backend', detail: backend };
}

function trustCheck(trusted: boolean): RunCheck {
  return trusted
    ? { code: 'workspace-trusted', status: 'ok', subject: 'workspace trust', detail: 'trusted' }
    : {
        code: 'workspace-untrusted',
        status: 'problem',
        subject: 'workspace trust',
        detail: 'this workspace is in Restricted Mode: Run is off',
        fix: 'trust the workspace (Workspaces: Manage Workspace Trust)',
      };
}

/** The one line every front end shows: what was found, or the first problems. */
function runEnvironmentSummary(checks: readonly RunCheck[]): string {
  const problems = checks.filter((c) => c.status === 'problem');
  if (problems.length > 0) {
    const first = problems.slice(0, 2).map((c) => `${c.subject}: ${c.detail}`);
    const more = problems.length > 2 ? ` (and ${problems.length - 2} more)` : '';
    return `${problems.length} problem${problems.length === 1 ? '' : 's'}: ${first.join('; ')}${more}`;
  }
  const okstra = checks.find((c) => c.code === 'okstra-found');
  // `<path>: <version>`, or the path alone when the version was not asked (the confirmation names the path above).
  const at = okstra?.detail.indexOf(': ') ?? -1;
  const version = !okstra ? 'okstra' : at >= 0 ? okstra.detail.slice(at + 2) : 'okstra found';
  const providers = checks.filter((c) => c.code === 'provider-found').length;
  const warnings = checks.filter((c) => c.status === 'warning').length;
  return `ready: ${version}; ${providers} provider CLI${providers === 1 ? '' : 's'} found${
    warnings > 0 ? `; ${warnings} warning${warnings === 1 ? '' : 's'}` : ''
  }`;
}

/** Checks the machine before a run (module comment). Reads, resolves and asks `okstra --version`; writes nothing. */
export function checkRunEnvironment(input: RunEnvironmentInput): RunEnvironmentReport {
  const checks = [...okstraChecks(input), ...providerChecks(input), terminalCheck(input.ctx)];
  if (input.trusted !== undefined) checks.push(trustCheck(input.trusted));
  return { ok: !checks.some((c) => c.status === 'problem'), summary: runEnvironmentSummary(checks), checks };
}

/** The report as plain text, one check a line, for the CLI's human output and the extension's document. */
export function runEnvironmentText(report: RunEnvironmentReport): string {
  const mark = { ok: '✓', warning: '!', problem: '✗' } as const;
  const lines = [report.summary, ''];
  for (const c of report.checks) {
    lines.push(`${mark[c.status]} ${c.subject}: ${c.detail}`);
    if (c.fix) lines.push(`    fix: ${c.fix}`);
  }
  return lines.join('\n');
}
