// Command-line parsing for `okstra-wizard` (docs/protocol.md › Commands) with
// node:util parseArgs. Parsing is strict: an unknown command or option, a
// missing value or a missing required option is bad usage (exit 2).
import { parseArgs } from 'node:util';
import type { ExpectedPrompt } from '../core/wizard/binding';

export const COMMAND_NAMES = ['init', 'step', 'rewind', 'outcome', 'render-args', 'tree', 'teams', 'abort', 'doctor', 'mcp'] as const;
type CommandName = (typeof COMMAND_NAMES)[number];

export type ParsedCommand =
  | { cmd: 'help'; command?: CommandName }
  | { cmd: 'version' }
  | {
      cmd: 'init';
      state: string;
      projectRoot: string;
      task?: string;
      hostRuntime: string;
      entryMode: string;
      availableFunctions: string[];
      force: boolean;
    }
  | { cmd: 'step'; state: string; answer?: string; noSubmit: boolean; expected: ExpectedPrompt }
  | { cmd: 'rewind'; state: string; to: string; expected: ExpectedPrompt }
  | { cmd: 'outcome' | 'render-args' | 'tree' | 'teams' | 'abort'; state: string }
  | { cmd: 'doctor'; projectRoot: string; state?: string }
  | { cmd: 'mcp'; projectRoot: string };

/** Bad usage: printed as `{"ok": false, "code": "usage", "error": …}` with a one-line hint on stderr, exit 2. */
export class UsageError extends Error {
  readonly code = 'usage' as const;

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

type OptionSpec = { type: 'string' | 'boolean'; required?: boolean; metavar?: string };

const STATE: OptionSpec = { type: 'string', required: true, metavar: 'FILE' };

const COMMAND_OPTIONS: Record<CommandName, Record<string, OptionSpec>> = {
  init: {
    state: STATE,
    'project-root': { type: 'string', required: true, metavar: 'DIR' },
    task: { type: 'string', metavar: 'G/ID' },
    'host-runtime': { type: 'string', metavar: 'H' },
    'entry-mode': { type: 'string', metavar: 'M' },
    'available-functions': { type: 'string', metavar: 'A,B' },
    force: { type: 'boolean' },
  },
  step: {
    state: STATE,
    answer: { type: 'string', metavar: 'VALUE' },
    'no-submit': { type: 'boolean' },
    prompt: { type: 'string', metavar: 'ID' },
    revision: { type: 'string', metavar: 'R' },
  },
  rewind: {
    state: STATE,
    to: { type: 'string', required: true, metavar: 'ID' },
    prompt: { type: 'string', metavar: 'ID' },
    revision: { type: 'string', metavar: 'R' },
  },
  outcome: { state: STATE },
  'render-args': { state: STATE },
  tree: { state: STATE },
  teams: { state: STATE },
  abort: { state: STATE },
  doctor: { 'project-root': { type: 'string', metavar: 'DIR' }, state: { type: 'string', metavar: 'FILE' } },
  mcp: { 'project-root': { type: 'string', metavar: 'DIR' } },
};

export const USAGE = `usage: okstra-wizard <command> [options]

Configure an okstra run headlessly. Every command prints one JSON document on
stdout; diagnostics go to stderr.

commands:
  init --state FILE --project-root DIR [--task G/ID] [--host-runtime H]
       [--entry-mode M] [--available-functions A,B] [--force]
                      start a wizard in a new state file
  step --state FILE [--answer VALUE [--prompt ID [--revision R]] | --no-submit]
                      show the current prompt, or answer it
  rewind --state FILE --to ID [--prompt ID [--revision R]]
                      go back to an answered step
  outcome --state FILE
                      the render-bundle argv of a confirmed wizard
  render-args --state FILE
                      the render arguments as they stand
  tree --state FILE   the answered steps and the current prompt
  teams --state FILE  the teams the task can use on its run type (team-pick's
                      options, each usable or not with the reason)
  abort --state FILE  abort the wizard
  doctor [--project-root DIR] [--state FILE]
                      check that okstra and the provider CLIs can start here
                      (with --state: those the wizard's roles need); "ready"
                      says whether anything blocks a run, each check its fix
  mcp [--project-root DIR]
                      serve the wizard to agents over MCP (stdio; default: the
                      current directory); see docs/mcp.md

options:
  -h, --help          show this help and exit
  --version           print {"ok": true, "version": …} and exit

answers: an option's value, its label, or #N (1-based position).
  --prompt ID         answer only if the current prompt is ID (the "id" of the
                      prompt document shown); else refused, nothing written
  --revision R        ... and only if the state is still the one it was shown
                      from (the prompt document's "revision")

environment:
  OKSTRA_LANG=ko               Korean labels (values, echoes and errors stay English)
  OKSTRA_TERMINAL_BACKEND      tmux, zellij, vscode-terminal or none
                               (default: tmux under $TMUX, zellij under $ZELLIJ, else none)
  OKSTRA_<PROVIDER>_CLI        path of a provider's CLI (else it is looked up on PATH)
  OKSTRA_MODEL_DEFAULTS        a YAML file of user model defaults: {<role>: [<model ref>, …]}
  OKSTRA_TEAMS                 a YAML file of your own teams: {<team>: {roles: {<role>: [<model ref>, …]}}}

every "ok": false document carries a "code" (usage, file-error, stale-state,
busy, refused-answer, wrong-prompt, no-prompt, not-complete, aborted,
not-runnable, output-failed, internal).

exit status: 0 success (also a refused answer: refused-answer, wrong-prompt,
no-prompt, not-complete, aborted, not-runnable), 1 the state file cannot be
loaded or changed on disk meanwhile (file-error, stale-state, busy), 2 bad
usage or a bad environment variable (usage), 3 the result could not be written
to stdout after the state was saved (output-failed), 70 a bug (internal).
`;

/** One command's usage (`step --help`): its synopsis and line from USAGE, what its answers take, and where the rest is. */
export function commandUsage(cmd: CommandName): string {
  const commands = USAGE.slice(USAGE.indexOf('commands:\n') + 'commands:\n'.length, USAGE.indexOf('\n\noptions:'));
  const lines = commands.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`  ${cmd} `) || l === `  ${cmd}`);
  let end = start + 1;
  while (end < lines.length && !/^ {2}[a-z]/.test(lines[end]!)) end++;
  const entry = lines.slice(start, end).map((l) => l.replace(/^ {2}/, ''));
  const answers =
    cmd === 'step' || cmd === 'rewind' ? '\n' + USAGE.slice(USAGE.indexOf('answers:'), USAGE.indexOf('\n\nenvironment:')) + '\n' : '';
  return `usage: okstra-wizard ${entry.join('\n')}\n${answers}\nokstra-wizard --help: every command, the environment, the error codes and exit statuses\n`;
}

/** The one line a usage error prints on stderr beside its JSON document: where the usage is. */
export function usageHint(argv: readonly string[]): string {
  const first = argv[0];
  return first !== undefined && isCommand(first)
    ? `run 'okstra-wizard ${first} --help' for its usage\n`
    : `run 'okstra-wizard --help' for the usage\n`;
}

function isCommand(name: string): name is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(name);
}

function optionName(token: string): string {
  const eq = token.indexOf('=');
  return eq >= 0 ? token.slice(0, eq) : token;
}

/** Parses argv (without node and the script). Throws UsageError. */
export function parseCommandLine(argv: readonly string[]): ParsedCommand {
  const args = [...argv];
  // --help anywhere before `--` wins, like most CLIs; --version only as the whole command line.
  const dashdash = args.indexOf('--');
  const head = dashdash >= 0 ? args.slice(0, dashdash) : args;
  if (head.includes('--help') || head.includes('-h')) {
    const first = head[0];
    return first !== undefined && isCommand(first) ? { cmd: 'help', command: first } : { cmd: 'help' };
  }
  if (args.length === 1 && args[0] === '--version') return { cmd: 'version' };

  if (args.length === 0) throw new UsageError('missing command (one of ' + COMMAND_NAMES.join(', ') + ')');
  const first = args[0];
  if (first.startsWith('-')) {
    if (first === '--version') throw new UsageError('--version takes no command or option');
    throw new UsageError(`expected a command before ${optionName(first)} (one of ${COMMAND_NAMES.join(', ')})`);
  }
  if (!isCommand(first)) {
    throw new UsageError(`unknown command '${first}' (known: ${COMMAND_NAMES.join(', ')})`);
  }
  const cmd = first;
  const specs = COMMAND_OPTIONS[cmd];
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const [name, spec] of Object.entries(specs)) options[name] = { type: spec.type };

  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    const parsed = parseArgs({ args: args.slice(1), options, strict: true, allowPositionals: true });
    values = parsed.values as Record<string, string | boolean | undefined>;
    positionals = parsed.positionals;
  } catch (err) {
    throw new UsageError(describeParseError(cmd, err as NodeJS.ErrnoException, args.slice(1)));
  }
  if (positionals.length > 0) {
    throw new UsageError(`unexpected argument '${positionals[0]}' for '${cmd}'`);
  }
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.required && values[name] === undefined) {
      throw new UsageError(`'${cmd}' needs --${name} ${spec.metavar ?? ''}`.trimEnd());
    }
  }
  const str = (name: string): string | undefined => values[name] as string | undefined;
  const state = str('state')!;
  if (state === '') throw new UsageError('--state needs a file path');

  switch (cmd) {
    case 'init': {
      const projectRoot = str('project-root')!;
      if (projectRoot === '') throw new UsageError('--project-root needs a directory');
      const functions = str('available-functions');
      return {
        cmd,
        state,
        projectRoot,
        task: str('task'),
        hostRuntime: str('host-runtime') ?? 'claude-code',
        entryMode: str('entry-mode') ?? 'spawn-process',
        // `A,B` → [A, B]; blanks around names and empty names are dropped.
        availableFunctions:
          functions === undefined
            ? []
            : functions
                .split(',')
                .map((f) => f.trim())
                .filter((f) => f !== ''),
        force: values.force === true,
      };
    }
    case 'step': {
      const noSubmit = values['no-submit'] === true;
      const answer = str('answer');
      // R-CLI-2: the seed's exact message.
      if (noSubmit && answer !== undefined) throw new UsageError('--no-submit and --answer are mutually exclusive');
      const expected = expectedPrompt(str);
      if (expected.prompt !== undefined && answer === undefined) throw new UsageError('--prompt needs --answer VALUE');
      return { cmd, state, answer, noSubmit, expected };
    }
    case 'rewind':
      return { cmd, state, to: str('to')!, expected: expectedPrompt(str) };
    case 'doctor': {
      const projectRoot = str('project-root') ?? '.';
      if (projectRoot === '') throw new UsageError('--project-root needs a directory');
      return { cmd, projectRoot, state: str('state') };
    }
    case 'mcp': {
      const projectRoot = str('project-root') ?? '.';
      if (projectRoot === '') throw new UsageError('--project-root needs a directory');
      return { cmd, projectRoot };
    }
    default:
      return { cmd, state };
  }
}

/**
 * The message for a parseArgs failure, from its `code` and the arguments
 * themselves (never from Node's own error text): the first token that
 * parseArgs would refuse is found again by the same rules.
 */
/** `--prompt ID [--revision R]`: what the answer says it answers. */
function expectedPrompt(str: (name: string) => string | undefined): ExpectedPrompt {
  const prompt = str('prompt');
  const revision = str('revision');
  if (revision !== undefined && prompt === undefined) throw new UsageError('--revision needs --prompt ID');
  if (prompt === '') throw new UsageError('--prompt needs a prompt id');
  const out: ExpectedPrompt = {};
  if (prompt !== undefined) out.prompt = prompt;
  if (revision !== undefined) out.revision = revision;
  return out;
}

function describeParseError(cmd: CommandName, err: NodeJS.ErrnoException, rest: string[]): string {
  const specs = COMMAND_OPTIONS[cmd];
  const known = (): string =>
    Object.keys(specs)
      .map((o) => '--' + o)
      .join(', ');
  const offending = findOffendingOption(specs, rest);
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option '${offending?.name ?? 'option'}' for '${cmd}' (known: ${known()})`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      // Either a string option without a value, a value that looks like an
      // option (`--answer -x`: write `--answer=-x`), or a value given to a flag.
      const name = offending?.name ?? 'option';
      if (offending?.problem === 'flag-value') return `option '${name}' takes no value`;
      if (offending?.problem === 'dash-value') {
        return `option '${name}' needs a value; write ${name}=${offending.next} for a value starting with '-'`;
      }
      return `option '${name}' needs a value`;
    }
    default:
      return `cannot read the command line (${err.code ?? 'unknown error'})`;
  }
}

type Offending =
  { name: string; problem: 'unknown' | 'flag-value' | 'missing-value' } | { name: string; problem: 'dash-value'; next: string };

/** The first option token strict parseArgs refuses, by its rules; null when none is found. */
function findOffendingOption(specs: Record<string, OptionSpec>, rest: string[]): Offending | null {
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    if (token === '--') return null;
    if (!token.startsWith('-') || token === '-') continue;
    if (!token.startsWith('--')) {
      const short = token.slice(0, 2);
      return { name: short, problem: 'unknown' };
    }
    const name = optionName(token);
    const spec = specs[name.slice(2)];
    if (!spec) return { name, problem: 'unknown' };
    const inline = token.includes('=');
    if (spec.type === 'boolean') {
      if (inline) return { name, problem: 'flag-value' };
      continue;
    }
    if (inline) continue;
    const next = rest[i + 1];
    if (next === undefined) return { name, problem: 'missing-value' };
    if (next.length > 1 && next.startsWith('-')) return { name, problem: 'dash-value', next };
    i++;
  }
  return null;
}
