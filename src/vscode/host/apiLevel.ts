// The VS Code API newer than the engines' (package.json engines.vscode ^1.100.0) that the extension uses where this
// VS Code has it, detected at run time: on 1.100 everything works as it always did. Pure: the version and the
// `vscode` members come from the caller (host/vscodeWindow.ts, lm/mcpServers.ts, the tests).

/** Whether `version` (`1.108.2`, `1.109.0-insider`) is `major.minor` or later. */
export function versionAtLeast(version: string, major: number, minor: number): boolean {
  const m = /^(\d+)\.(\d+)/.exec(version);
  if (!m) return false;
  const [vMajor, vMinor] = [Number(m[1]), Number(m[2])];
  return vMajor > major || (vMajor === major && vMinor >= minor);
}

/** What the QuickPicks and InputBoxes may use here. */
export interface QuickInputLevel {
  /** QuickPick.prompt (VS Code 1.108): a text under the filter box that typing does not hide. */
  pickPrompt: boolean;
  /**
   * QuickInputButton.location (VS Code 1.109): the value that puts a button inside the input box (then beside it,
   * then in the title bar, as this VS Code knows them); undefined: buttons stay in the title bar.
   */
  inputButtonLocation: number | undefined;
}

/** The QuickInput level of a VS Code of `version` whose API has `QuickInputButtonLocation` (or not). */
export function quickInputLevel(version: string, api: { QuickInputButtonLocation?: unknown }): QuickInputLevel {
  const locations = api.QuickInputButtonLocation as Record<string, number> | undefined;
  const location = versionAtLeast(version, 1, 109) && locations ? (locations.Input ?? locations.Inline) : undefined;
  return { pickPrompt: versionAtLeast(version, 1, 108), inputButtonLocation: typeof location === 'number' ? location : undefined };
}
