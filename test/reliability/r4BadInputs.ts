// R4 bad input files (docs/safety.md): thousands of mutated state files,
// profiles, registries, manifests, briefs, plans, clarification files,
// inputs.json, config.yaml and model-defaults files. Each must give success
// or an error naming the file; anything thrown that is not a WizardError /
// FileError with a message is an uncaught exception; a refused input is never
// written.
//   direct: the file's parser on the mutated text (many cases, fast);
//   wizard: the mutated file put in a copy of the demo project and a whole
//           wizard walked over it through the engine, or the CLI for state files.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../src/cli/main';
import type { PromptDoc } from '../../src/core/types';
import { WizardError } from '../../src/core/types';
import { parseRegistry } from '../../src/core/roles/registry';
import { parseRoleProfile } from '../../src/core/roles/roleProfile';
import * as engine from '../../src/core/wizard/engine';
import { parseState, stateToJson } from '../../src/core/wizard/stateCodec';
import { decodeStateBytes, parseStateJson, stateVersionOf } from '../../src/store';
import { readManifestEntry, parseConfig, parsePlan, parseQuestions, parseRunInputs, readFrontMatter } from '../../src/workspace';
import { loadModelDefaultsFile } from '../../src/workspace/environment';
import { briefFrontMatterSchema } from '../../src/workspace/schemas';
import { openWorkspace } from '../../src/workspace/workspace';
import { buildEnvironment } from '../../src/host/environment';
import { textsFor } from '../../src/core/text';
import { DEMO, OUT, PROFILES, REPO_ROOT, defaultAnswer, demoCopy, demoEnv, newReport, sha256, textAnswer, type TargetReport } from './lib';
import { describePlan, mutate, plansFor, type Format } from './mutators';

export interface R4Options {
  seed: number;
  direct: number;
  wizard: number;
  /** The mutated files the target requires (test/reliability/main.ts: fewer in a quick run). */
  need: number;
}

interface Kind {
  name: string;
  format: Format;
  /** The file in the demo project (project-relative), or where it is put. */
  rel: string;
  base: () => string;
  /** The parser on the mutated bytes; `shown` is the name errors must carry. */
  direct: (bytes: Buffer, shown: string, scratch: string) => void;
  /** The task whose wizard reads the file, and answers to steer the walk toward it. */
  task: string;
  answers?: Record<string, string>;
}

const demoText = (rel: string) => () => fs.readFileSync(path.join(DEMO, rel), 'utf8');

function v2StateText(): string {
  const project = demoCopy('r4-base');
  const env = demoEnv(project);
  const ctx = {
    workspace: openWorkspace(project, { builtinProfilesDir: PROFILES }),
    environment: buildEnvironment({ env, cwd: project }),
    texts: textsFor(undefined),
  };
  let state = engine.initState({ projectRootAbs: '/home/mina/src/acme-payments' });
  state.project_root = project;
  for (let i = 0; i < 40; i++) {
    const cur = engine.current(ctx, state);
    if (!cur.prompt || cur.prompt.kind === 'done') break;
    const p = cur.prompt;
    const answer = p.step === 'task-pick' ? 'payments/refund-queue' : p.kind === 'text' ? textAnswer(p, i) : defaultAnswer(p);
    const r = engine.submit(ctx, state, answer);
    if (!r.ok) break;
    state = r.state;
  }
  state.project_root = '/home/mina/src/acme-payments';
  state.workspace_root = '/home/mina/src/acme-payments/.okstra';
  return JSON.stringify(stateToJson(state), null, 2) + '\n';
}

const KINDS: Kind[] = [
  {
    name: 'state file (v1)',
    format: 'json',
    rel: '.okstra/tasks/payments/fuzz-v1.wizard.json',
    base: demoText('.okstra/tasks/payments/refund-timeout.wizard.json'),
    direct: (b, shown) => parseStateAsCli(b, shown),
    task: '',
  },
  {
    name: 'state file (v2)',
    format: 'json',
    rel: '.okstra/tasks/payments/fuzz-v2.wizard.json',
    base: v2StateText,
    direct: (b, shown) => parseStateAsCli(b, shown),
    task: '',
  },
  {
    name: 'task manifest',
    format: 'json',
    rel: '.okstra/tasks/payments/refund-queue/task-manifest.json',
    base: demoText('.okstra/tasks/payments/refund-queue/task-manifest.json'),
    direct: (b, shown, scratch) => {
      const e = readManifestEntry(scratch, 'payments', 'refund-queue', path.join(scratch, shown), b.toString('utf8'));
      if (e.error !== undefined) throw new WizardError('file-error', e.error);
    },
    task: 'payments/refund-queue',
  },
  {
    name: 'brief',
    format: 'frontmatter',
    rel: '.okstra/tasks/payments/refund-timeout/brief.md',
    base: demoText('.okstra/tasks/payments/refund-timeout/brief.md'),
    direct: (b, shown) => void readFrontMatter(briefFrontMatterSchema, b.toString('utf8'), shown),
    task: 'payments/refund-timeout',
  },
  {
    name: 'approved plan',
    format: 'frontmatter',
    rel: '.okstra/tasks/payments/refund-queue/plan/approved-plan.md',
    base: demoText('.okstra/tasks/payments/refund-queue/plan/approved-plan.md'),
    direct: (b, shown) => void parsePlan(b.toString('utf8'), shown),
    task: 'payments/refund-queue',
    answers: { 'task-type': 'implementation' },
  },
  {
    name: 'clarification questions',
    format: 'yaml',
    rel: '.okstra/tasks/checkout/idempotency-keys/clarifications/2026-11-27-1.questions.yaml',
    base: demoText('.okstra/tasks/checkout/idempotency-keys/clarifications/2026-11-27-1.questions.yaml'),
    direct: (b, shown) => void parseQuestions(b.toString('utf8'), shown),
    task: 'checkout/idempotency-keys',
  },
  {
    name: 'inputs.json',
    format: 'json',
    rel: '.okstra/tasks/payments/refund-timeout/runs/2026-11-20-1/inputs.json',
    base: demoText('.okstra/tasks/payments/refund-timeout/runs/2026-11-20-1/inputs.json'),
    direct: (b, shown) => void parseRunInputs(b.toString('utf8'), shown),
    task: 'payments/refund-timeout',
    answers: { 'reuse-previous': 'run:2026-11-20-1' },
  },
  {
    name: 'config.yaml',
    format: 'yaml',
    rel: '.okstra/config.yaml',
    base: () => fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/okstra-project/.okstra/config.yaml'), 'utf8'),
    direct: (b, shown) => void parseConfig(b.toString('utf8'), shown),
    task: 'payments/partial-refunds',
  },
  {
    name: 'role profile',
    format: 'frontmatter',
    rel: '.okstra/prompts/profiles/error-analysis.md',
    base: () => fs.readFileSync(path.join(PROFILES, 'error-analysis.md'), 'utf8'),
    direct: (b, shown) => void parseRoleProfile(shown, b.toString('utf8'), 'error-analysis'),
    task: 'payments/refund-timeout',
  },
  {
    name: 'model registry',
    format: 'yaml',
    rel: 'profiles/registry.yaml',
    base: () => fs.readFileSync(path.join(PROFILES, 'registry.yaml'), 'utf8'),
    direct: (b, shown) => void parseRegistry(shown, b.toString('utf8')),
    task: 'payments/refund-timeout',
  },
  {
    name: 'model defaults file',
    format: 'yaml',
    rel: 'model-defaults.yaml',
    base: () => 'analyser: [claude/opus-4.5, codex/gpt-5.1-codex]\nreport-writer: [claude/sonnet-4.5]\n',
    direct: (b, shown, scratch) => {
      const f = path.join(scratch, shown);
      fs.writeFileSync(f, b);
      loadModelDefaultsFile(f);
    },
    task: 'payments/refund-timeout',
  },
];

/** The codec's messages carry no path: the store and the CLI prefix them (src/cli/openWizard.ts), as here. */
function parseStateAsCli(bytes: Buffer, shown: string): void {
  const payload = parseStateJsonObject(bytes, shown);
  try {
    parseState(payload);
  } catch (e) {
    if (e instanceof WizardError && !e.message.startsWith(`${shown}:`)) throw new WizardError('file-error', `${shown}: ${e.message}`);
    throw e;
  }
}

function parseStateJsonObject(bytes: Buffer, shown: string): Record<string, unknown> {
  const data = parseStateJson(decodeStateBytes(bytes, shown), shown);
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new WizardError('file-error', `${shown}: wizard state must be a JSON object`);
  stateVersionOf(data as Record<string, unknown>, shown);
  return data as Record<string, unknown>;
}

/** An error counts as handled when it is a WizardError (FileError included) with a message. */
function handled(e: unknown): e is WizardError {
  return e instanceof WizardError && typeof e.message === 'string' && e.message.length > 0;
}

const firstLine = (e: unknown) =>
  e instanceof Error ? `${e.name}: ${e.message.slice(0, 160)} @ ${(e.stack ?? '').split('\n')[1]?.trim() ?? ''}` : String(e);

export async function runR4(opts: R4Options): Promise<TargetReport> {
  const report = newReport(
    'R4',
    'bad input files',
    'every mutated file gives success or an error naming the file and the problem; zero uncaught exceptions; zero writes to a refused input',
    opts.seed,
  );
  const started = Date.now();
  const failDir = path.join(OUT, 'r4-failures');
  fs.rmSync(failDir, { recursive: true, force: true });
  let saved = 0;
  const keep = (kind: Kind, i: number, bytes: Buffer) => {
    if (saved++ > 50) return;
    fs.mkdirSync(failDir, { recursive: true });
    fs.writeFileSync(path.join(failDir, `${kind.name.replace(/\W+/g, '-')}-${i}${path.extname(kind.rel)}`), bytes);
  };
  const scratch = demoCopy('r4-direct');
  fs.writeFileSync(path.join(scratch, 'model-defaults.yaml'), '');

  let directTotal = 0;
  let wizardTotal = 0;
  let uncaught = 0;
  let unnamed = 0;
  let writes = 0;
  const perKind: string[] = [];
  let silentTotal = 0;
  const silentKinds: string[] = [];
  for (const [k, kind] of KINDS.entries()) {
    const base = kind.base();
    const kindStarted = Date.now();
    const kindSeed = (opts.seed + k * 7919) % 2_147_483_647;
    const plans = plansFor(kindSeed, opts.direct + opts.wizard);
    let ok = 0;
    let refused = 0;
    // Direct: the parser itself.
    for (let i = 0; i < opts.direct; i++) {
      const bytes = mutate(kind.format, base, plans[i]);
      const tag = `${kind.name} case ${i} (seed ${kindSeed})`;
      directTotal++;
      try {
        kind.direct(bytes, kind.rel, scratch);
        ok++;
      } catch (e) {
        if (!handled(e)) {
          uncaught++;
          keep(kind, i, bytes);
          report.failures.push(`${tag}: uncaught ${firstLine(e)}; plan ${describePlan(plans[i]).slice(0, 200)}`);
        } else if (!e.message.includes(kind.rel) && !e.message.includes(path.join(scratch, kind.rel))) {
          unnamed++;
          keep(kind, i, bytes);
          report.failures.push(`${tag}: the error does not name ${kind.rel}: ${JSON.stringify(e.message.slice(0, 200))}`);
        } else refused++;
      }
    }
    // Wizard: the file in a project, a whole wizard over it.
    const w = await wizardCases(report, kind, base, plans.slice(opts.direct), kindSeed, opts.direct, keep);
    wizardTotal += w.count;
    uncaught += w.uncaught;
    unnamed += w.unnamed;
    writes += w.writes;
    perKind.push(
      `${kind.name} (${((Date.now() - kindStarted) / 1000).toFixed(1)} s): ${opts.direct} direct (${ok} accepted, ${refused} refused) + ${w.count} wizard walks (${w.errored} surfaced an error naming the file, ${w.count - w.errored} went through${w.silent ? `, of which ${w.silent} with a file its parser refuses: the wizard went on without it, its error never shown` : ''})`,
    );
    silentTotal += w.silent;
    if (w.silent) silentKinds.push(kind.name);
  }
  report.tried.push(
    `${directTotal + wizardTotal} mutated files (${directTotal} through their parser, ${wizardTotal} through a whole wizard in a demo project: the engine for inputs, the CLI for state files) of ${KINDS.length} kinds`,
  );
  for (const l of perKind) report.tried.push(`  ${l}`);
  report.found.push(`uncaught exceptions: ${uncaught}; errors not naming the file: ${unnamed}; writes to a refused input: ${writes}`);
  if (silentTotal)
    report.found.push(
      `NOTE: ${silentTotal} walks went on past a file its parser refuses without showing the error (${silentKinds.join(', ')}): no crash and no write, but the user is not told (reported to the lead)`,
    );
  report.found.push(
    `state files that loaded but from which no prompt could be computed (exit 0, ok: false; the message names the value, e.g. the task or task type): ${promptRefusals}`,
  );
  if (saved) report.found.push(`failing inputs kept in ${path.relative(REPO_ROOT, failDir)}/`);
  report.required = { what: 'mutated files', need: opts.need, got: directTotal + wizardTotal };
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

interface WizardTally {
  count: number;
  /** The parser refused the file, yet the walk never showed that error (the wizard went on without the file). */
  silent: number;
  errored: number;
  uncaught: number;
  unnamed: number;
  writes: number;
}

async function wizardCases(
  report: TargetReport,
  kind: Kind,
  base: string,
  plans: ReturnType<typeof plansFor>,
  kindSeed: number,
  offset: number,
  keep: (kind: Kind, i: number, bytes: Buffer) => void,
): Promise<WizardTally> {
  const t: WizardTally = { count: 0, silent: 0, errored: 0, uncaught: 0, unnamed: 0, writes: 0 };
  const project = demoCopy('r4-wizard');
  const env = demoEnv(project);
  const profilesDir = path.join(path.dirname(project), 'profiles');
  fs.cpSync(PROFILES, profilesDir, { recursive: true });
  const isRegistry = kind.rel.startsWith('profiles/');
  const fileAbs = isRegistry
    ? path.join(profilesDir, 'registry.yaml')
    : kind.name === 'model defaults file'
      ? path.join(path.dirname(project), 'model-defaults.yaml')
      : path.join(project, kind.rel);
  const shownNames = isRegistry ? ['profiles/registry.yaml', fileAbs] : kind.name === 'model defaults file' ? [fileAbs] : [kind.rel];
  fs.mkdirSync(path.dirname(fileAbs), { recursive: true });
  const isState = kind.rel.endsWith('.wizard.json');

  for (let j = 0; j < plans.length; j++) {
    const i = offset + j;
    const tag = `${kind.name} case ${i} (seed ${kindSeed}, wizard)`;
    const bytes = mutate(kind.format, base, plans[j]);
    fs.writeFileSync(fileAbs, bytes);
    const before = sha256(bytes);
    const errors: string[] = [];
    const notes: string[] = [];
    t.count++;
    try {
      if (isState) await stateWalk(project, env, kind.rel, errors, notes);
      else engineWalk(project, kind, profilesDir, env, fileAbs, errors, notes);
    } catch (e) {
      if (handled(e)) errors.push(e.message);
      else {
        t.uncaught++;
        keep(kind, i, bytes);
        report.failures.push(`${tag}: uncaught ${firstLine(e)}; plan ${describePlan(plans[j]).slice(0, 200)}`);
        continue;
      }
    }
    const now = fs.existsSync(fileAbs) ? sha256(fs.readFileSync(fileAbs)) : 'deleted';
    const names = (m: string) => shownNames.some((n) => m.includes(n)) || (kind.name === 'approved plan' && PLAN_RULES.test(m));
    const refusedFile = errors.some(names) || notes.some(names);
    if (now !== before && (refusedFile || !isState)) {
      t.writes++;
      keep(kind, i, bytes);
      report.failures.push(`${tag}: the refused input was written`);
    }
    if (isState) {
      // Companions or temporaries appear only after a successful save.
      for (const n of fs.readdirSync(path.dirname(fileAbs))) {
        if (n.startsWith(path.basename(fileAbs) + '.v2.') || n.includes('.tmp-') || n.endsWith('.lock'))
          fs.rmSync(path.join(path.dirname(fileAbs), n), { force: true });
      }
    }
    if (refusedFile) t.errored++;
    else if (!isState && !isRegistry) {
      let parserRefused = false;
      try {
        kind.direct(bytes, kind.rel, project);
      } catch {
        parserRefused = true;
      }
      if (parserRefused && errors.length === 0) t.silent++;
    }
    if (errors.length) {
      if (!refusedFile) {
        // Refusals about the answers, and an unavailable configured default (a model the mutated registry no longer has:
        // the message names the file that configures it), are not this file's errors.
        const ours = errors.filter(
          (m) =>
            !/^answer .* is not an option|needs a value|^task name must be|^configured default model .* \(configured in [^)]+\)/.test(m),
        );
        if (ours.length) {
          t.unnamed++;
          keep(kind, i, bytes);
          report.failures.push(`${tag}: ended on an error that does not name ${shownNames[0]}: ${JSON.stringify(ours[0].slice(0, 240))}`);
        }
      }
    }
  }
  return t;
}

/** docs/okstra-files.md › Plans: the plan rules' messages are fixed and say "approved plan" instead of the path. */
const PLAN_RULES =
  /^(task '[^']*' has no approved plan \(plan\/approved-plan\.md\)|approved plan |every stage of the approved plan is done|no stage of the approved plan is done yet)/;

/** Answers for a walk toward the file: the kind's task, its steering answers, else defaults. */
function answerFor(p: PromptDoc, kind: Kind, n: number): string {
  if (p.step === 'task-pick') return kind.task;
  const steer = kind.answers?.[p.step];
  if (steer && p.options.some((o) => o.value === steer && !o.disabled)) return steer;
  if (p.kind === 'text') return textAnswer(p, n);
  return defaultAnswer(p);
}

/** A whole wizard through the engine, as the extension drives it; every error message is collected. */
function engineWalk(
  project: string,
  kind: Kind,
  profilesDir: string,
  env: NodeJS.ProcessEnv,
  fileAbs: string,
  errors: string[],
  notes: string[],
): void {
  let environment;
  const envFor = kind.name === 'model defaults file' ? { ...env, OKSTRA_MODEL_DEFAULTS: fileAbs } : env;
  try {
    environment = buildEnvironment({ env: envFor, cwd: project });
  } catch (e) {
    // The usage error for a bad OKSTRA_MODEL_DEFAULTS file (the CLI's exit 2) carries the file's message.
    if (e instanceof WizardError && e.code === 'usage') {
      errors.push(e.message);
      return;
    }
    throw e;
  }
  const ctx = { workspace: openWorkspace(project, { builtinProfilesDir: profilesDir }), environment, texts: textsFor(undefined) };
  let config = null;
  try {
    config = ctx.workspace.config();
  } catch (e) {
    if (!handled(e)) throw e;
    errors.push(e.message);
  }
  let state = engine.initState({ projectRootAbs: project, config });
  let next: PromptDoc | null = null;
  for (let n = 0; n < 60; n++) {
    if (!next) {
      const cur = engine.current(ctx, state);
      if (!cur.prompt) {
        errors.push(cur.error ?? '(no prompt and no error)');
        return;
      }
      next = cur.prompt;
    }
    const p = next;
    // Disabled options say why (an unreadable task, a type whose profile or plan fails): they can name the file.
    for (const o of p.options) if (o.disabled && o.description) notes.push(o.description);
    if (p.kind === 'done') break;
    // A disabled static option is refused on submit with its reason (docs/steps.md › Steps): try it, nothing may change.
    const disabled = p.step.startsWith('role-')
      ? undefined
      : p.options.find((o) => o.disabled && (p.step !== 'task-pick' || o.value === kind.task));
    if (disabled) {
      const r = engine.submit(ctx, state, disabled.value);
      if (r.ok) errors.push(`a disabled option was accepted: ${p.step} ${disabled.value}`);
      else notes.push(r.error);
    }
    if (p.step === 'task-pick') {
      const opt = p.options.find((o) => o.value === kind.task);
      if (!opt || opt.disabled) return;
    }
    const r = engine.submit(ctx, state, answerFor(p, kind, n));
    if (!r.ok) {
      errors.push(r.error);
      return;
    }
    if (r.error) errors.push(r.error);
    state = r.state;
    next = r.next;
  }
  engine.tree(ctx, state);
  const out = engine.outcome(ctx, state);
  if (!out.ok) errors.push(out.error);
  engine.renderArgs(ctx, state);
}

let promptRefusals = 0;

/** A state file through the CLI (in-process: the code of dist/cli.js): read-only commands, then one answer. */
async function stateWalk(project: string, env: NodeJS.ProcessEnv, rel: string, errors: string[], notes: string[]): Promise<void> {
  for (const argv of [
    ['step', '--state', rel],
    ['tree', '--state', rel],
    ['render-args', '--state', rel],
  ]) {
    const out = await runCli({ argv, env, cwd: project });
    if (out.exitCode === 70 || out.exitCode > 2)
      throw new Error(`CLI ${argv[0]} exit ${out.exitCode}: ${out.stdout.slice(0, 300)} ${out.stderr.split('\n').slice(0, 3).join(' | ')}`);
    const doc = JSON.parse(out.stdout) as { ok: boolean; error?: string; current?: PromptDoc };
    if (!doc.ok && doc.error) {
      // exit 1: the file cannot be loaded (its message must name it); exit 0: it loaded, but a prompt
      // cannot be computed from what it holds (docs/protocol.md) — that message names the value, e.g. the task.
      if (out.exitCode === 1) {
        errors.push(doc.error);
        return;
      }
      notes.push(doc.error);
      promptRefusals++;
    }
  }
  const cur = JSON.parse((await runCli({ argv: ['step', '--state', rel], env, cwd: project })).stdout) as {
    ok: boolean;
    current?: PromptDoc;
  };
  if (cur.ok && cur.current && cur.current.kind !== 'done') {
    const out = await runCli({
      argv: ['step', '--state', rel, '--answer', cur.current.kind === 'text' ? textAnswer(cur.current, 0) : defaultAnswer(cur.current)],
      env,
      cwd: project,
    });
    if (out.exitCode === 70 || out.exitCode > 2)
      throw new Error(`CLI step --answer exit ${out.exitCode}: ${out.stderr.split('\n').slice(0, 3).join(' | ')}`);
  }
}
