// The documents of the engine's results, serialized here once for every front end (the CLI's JSON, the MCP
// tools' structuredContent, the language-model tools; docs/protocol.md, the shapes are src/host/documentSchemas.ts): `ok`, then `notices` when there are some, then
// the command's keys in their documented order, `code` right before `error`.
// Every prompt document gets the `revision` of the state-file bytes it was
// computed from as its last key (src/core/wizard/binding.ts).
import type { Notice, PromptDoc } from '../core/types';
import type { RunEnvironmentReport } from './runEnvironment';
import { withRevision } from '../core/wizard/binding';
import type { CurrentResult, Failure, OutcomeResult, RenderArgsResult, StepResult, TeamsResult, TreeResult } from '../core/wizard/engine';

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };
export type JsonDoc = { [key: string]: JsonValue | undefined };

function noticeTexts(notices: ReadonlyArray<Notice | string> | undefined): string[] {
  if (!notices) return [];
  const out: string[] = [];
  for (const n of notices) {
    const text = typeof n === 'string' ? n : n.text;
    // The same notice can come from two passes (load-time reconcile and the prompt); show it once.
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

/** `{ok, notices?, ...rest}` in that key order; `undefined` members are left out. */
export function document(ok: boolean, rest: JsonDoc, notices?: ReadonlyArray<Notice | string>): JsonDoc {
  const doc: JsonDoc = { ok };
  const texts = noticeTexts(notices);
  if (texts.length > 0) doc.notices = texts;
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'ok' || key === 'notices' || value === undefined) continue;
    doc[key] = value;
  }
  return doc;
}

function prompt(p: PromptDoc | null, revision: string | null): JsonValue {
  if (p === null) return null;
  return (revision === null ? p : withRevision(p, revision)) as unknown as JsonValue;
}

function failed(r: Pick<Failure, 'code' | 'error'>, notices: Notice[], extra: JsonDoc = {}): JsonDoc {
  return document(false, { code: r.code, error: r.error, ...extra }, notices);
}

/** `step` without an answer: `{ok, notices?, current}` or `{ok: false, notices?, code, error}`. */
export function currentDocument(r: CurrentResult, revision: string | null): JsonDoc {
  if (r.prompt === null) return failed({ code: r.code ?? 'no-prompt', error: r.error ?? '' }, r.notices);
  return document(true, { current: prompt(r.prompt, revision) }, r.notices);
}

/**
 * `step --answer`, `rewind`, `abort`: `{ok, notices?, echo, next, code?, error?}` or
 * `{ok: false, notices?, code, error, current}`. `revision` is the one of the bytes
 * written (a success) or read (a refusal).
 */
export function stepDocument(r: StepResult, revision: string | null): JsonDoc {
  if (!r.ok) return failed(r, r.notices, { current: prompt(r.current, revision) });
  return document(true, { echo: r.echo, next: prompt(r.next, revision), code: r.code, error: r.error }, r.notices);
}

/** `init`: the step document without its echo (`{ok, notices?, next, code?, error?}`). */
export function initDocument(r: CurrentResult | StepResult, revision: string | null): JsonDoc {
  if ('prompt' in r) {
    if (r.prompt === null) return currentDocument(r, revision);
    return document(true, { next: prompt(r.prompt, revision) }, r.notices);
  }
  if (!r.ok) return stepDocument(r, revision);
  return document(true, { next: prompt(r.next, revision), code: r.code, error: r.error }, r.notices);
}

export function renderArgsDocument(r: RenderArgsResult): JsonDoc {
  if (!r.ok) return failed(r, r.notices);
  return document(true, { renderArgs: r.renderArgs as unknown as JsonValue, renderArgv: r.renderArgv }, r.notices);
}

/** `outcome`: the engine's outcome and, last, the program Run would start (`{command, path}`, src/host/run.ts). */
export function outcomeDocument(r: OutcomeResult, program: { command: string[]; path: string | null }): JsonDoc {
  if (!r.ok) return failed(r, r.notices);
  return document(
    true,
    {
      renderArgs: r.renderArgs as unknown as JsonValue,
      renderArgv: r.renderArgv,
      orchestration: r.orchestration,
      persistActions: r.persistActions as unknown as JsonValue,
      confirmationText: r.confirmationText,
      program: { command: program.command, path: program.path },
    },
    r.notices,
  );
}

/** `doctor`: whether okstra and the provider CLIs can start here (`ready`), the one-line summary and every check. */
export function runEnvironmentDocument(report: RunEnvironmentReport): JsonDoc {
  return { ok: true, ready: report.ok, summary: report.summary, checks: report.checks as unknown as JsonValue };
}

/** The teams the wizard's task can use on its run type (CLI `teams`, MCP wizard_teams). */
export function teamsDocument(r: TeamsResult): JsonDoc {
  if (!r.ok) return failed(r, r.notices);
  return document(true, { teams: r.teams as unknown as JsonValue }, r.notices);
}

/** `tree`: `{ok, notices?, rows, current, revision}`; `revision` (of the bytes read) binds an answer to `current`. */
export function treeDocument(r: TreeResult, revision: string | null): JsonDoc {
  if (!r.ok) return failed(r, r.notices);
  return document(true, { rows: r.rows as unknown as JsonValue, current: r.current, revision: revision ?? undefined }, r.notices);
}
