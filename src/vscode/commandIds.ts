// Every command, context key and view id of the extension, in one typed table. package.json's
// contributions (commands, menus, keybindings) are checked against it by test/unit/vscode/commandIds.test.ts.

export const COMMAND_IDS = {
  newRun: 'okstra.newRun',
  resume: 'okstra.resume',
  editStep: 'okstra.editStep',
  editFromHere: 'okstra.editFromHere',
  run: 'okstra.run',
  runAgain: 'okstra.runAgain',
  showConfirmation: 'okstra.showConfirmation',
  openStateFile: 'okstra.openStateFile',
  abort: 'okstra.abort',
  startOver: 'okstra.startOver',
  showOutput: 'okstra.showOutput',
  promptBack: 'okstra.promptBack',
} as const;

export type CommandName = keyof typeof COMMAND_IDS;
export type CommandId = (typeof COMMAND_IDS)[CommandName];

/** `when`-clause context keys the extension sets. */
export const CONTEXT_KEYS = {
  hasWizard: 'okstra.hasWizard',
  canRun: 'okstra.canRun',
  promptOpen: 'okstra.promptOpen',
} as const;

export const VIEW_IDS = {
  container: 'okstra',
  wizard: 'okstra.wizard',
} as const;

/** Workbench commands the extension calls. */
export const WORKBENCH_COMMANDS = {
  focusTerminal: 'workbench.action.terminal.focus',
  /** Gives the open QuickPick / InputBox the keyboard focus. */
  focusQuickInput: 'workbench.action.focusQuickOpen',
} as const;
