// Which program runs okstra (docs/okstra-files.md › config.yaml): the VS Code setting
// `okstra.command` overrides the project's `okstraCommand`, which defaults to
// `okstra`. Either is one executable or [program, ...args]; a string is never
// split on spaces, so a path with spaces stays one word.

import type { ProjectConfig } from '../ports';

export type OkstraCommandSetting = string | string[] | null | undefined;

/** The words that start okstra; an empty setting counts as unset. */
export function okstraCommandArgv(setting: OkstraCommandSetting, config: Pick<ProjectConfig, 'okstraCommand'> | null): string[] {
  const fromSetting = normalise(setting);
  if (fromSetting) return fromSetting;
  const fromConfig = normalise(config?.okstraCommand);
  if (fromConfig) return fromConfig;
  return ['okstra'];
}

function normalise(value: OkstraCommandSetting): string[] | null {
  if (typeof value === 'string') return value.trim() === '' ? null : [value];
  if (Array.isArray(value) && value.length > 0 && value[0] !== '') return [...value];
  return null;
}

/** `<okstra command> render-bundle <renderArgv…>`: the exact argv that Run executes. */
export function renderBundleArgv(command: readonly string[], renderArgv: readonly string[]): string[] {
  return [...command, 'render-bundle', ...renderArgv];
}

/**
 * The field a word of the argv belongs to, for refusals: the okstra command
 * words are `okstra.command`; a value after `--<key>` is `<key>`.
 */
export function argvFieldName(argv: readonly string[], index: number, commandLength: number): string {
  if (index < commandLength) return 'okstra.command';
  const previous = argv[index - 1];
  if (index > commandLength && previous !== undefined && previous.startsWith('--')) return previous.slice(2);
  const own = argv[index];
  if (own !== undefined && own.startsWith('--')) return own.slice(2);
  return `argument ${index}`;
}
