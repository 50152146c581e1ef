// The CLI's one JSON document per command (docs/protocol.md). The engine builds the
// documents of the commands (`doc` of its results); this module prints them
// and builds the CLI's own (bad usage, load failures): UTF-8, non-ASCII not
// escaped, 2-space indent, and `notices` right after `ok`, present only when
// non-empty. JSON.stringify(x, null, 2) matches Python's
// json.dumps(indent=2, ensure_ascii=False) for every value the CLI prints
// (strings, integers, booleans, null, arrays, objects; R-CLI-6).
import type { WizardErrorCode } from '../core/types';

import { document, type JsonDoc } from '../host';

export { document, type JsonDoc } from '../host';

/** Exit statuses of docs/protocol.md › Exit status. */
export const EXIT_OK = 0;
export const EXIT_LOAD = 1;
export const EXIT_USAGE = 2;
/** The state file was saved, but the document could not be written to stdout: do not answer again blindly. */
export const EXIT_OUTPUT = 3;
/** A bug, not a user error (docs/decisions.md › CLI: internal errors): EX_SOFTWARE. */
export const EXIT_INTERNAL = 70;

/**
 * The exit status of a command that failed before or while saving, by the
 * error's code. Documents the engine answers (a refused answer, a prompt that
 * cannot be computed, an outcome refused) are printed with EXIT_OK whatever
 * their code: the command did what it was asked and wrote nothing.
 */
export function exitStatusOf(code: WizardErrorCode): number {
  switch (code) {
    case 'usage':
      return EXIT_USAGE;
    case 'output-failed':
      return EXIT_OUTPUT;
    case 'internal':
      return EXIT_INTERNAL;
    case 'file-error':
    case 'stale-state':
    case 'busy':
      return EXIT_LOAD;
    default:
      return EXIT_OK;
  }
}

export interface CliResult {
  exitCode: number;
  doc: JsonDoc;
  /** Printed on stderr after the document (the usage on exit 2). */
  stderr?: string;
}

export function serialize(doc: JsonDoc): string {
  return JSON.stringify(doc, null, 2) + '\n';
}

/** The state file cannot be loaded, or changed on disk since it was read: `{"ok": false, "code": …, "error": "<path>: <message>"}`. */
export function loadFailure(code: WizardErrorCode, message: string): CliResult {
  return { exitCode: exitStatusOf(code), doc: document(false, { code, error: message }) };
}

/** Bad usage: the error document on stdout, a one-line hint of where the usage is on stderr. */
export function usageFailure(message: string, hint: string): CliResult {
  return { exitCode: EXIT_USAGE, doc: document(false, { code: 'usage', error: message }), stderr: hint };
}
