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
  stopRun: 'okstra.stopRun',
  checkRunEnvironment: 'okstra.checkRunEnvironment',
} as const;

export type CommandName = keyof typeof COMMAND_IDS;

/** The Tasks view's commands (src/vscode/tasks/tasksView.ts registers them), and the walkthrough's CLI button. */
export const TASKS_COMMAND_IDS = {
  newRun: 'okstra.tasks.newRun',
  resume: 'okstra.tasks.resume',
  openBrief: 'okstra.tasks.openBrief',
  reveal: 'okstra.tasks.reveal',
  filter: 'okstra.tasks.filter',
  clearFilter: 'okstra.tasks.clearFilter',
  refresh: 'okstra.tasks.refresh',
  createTask: 'okstra.tasks.createTask',
  showUnfinished: 'okstra.tasks.showUnfinished',
  openRunFolder: 'okstra.tasks.openRunFolder',
  newRunWithTeam: 'okstra.tasks.newRunWithTeam',
  compareRuns: 'okstra.tasks.compareRuns',
  compareRunWith: 'okstra.tasks.compareRunWith',
  copyCliCommand: 'okstra.copyCliCommand',
} as const;

/** Every command the extension contributes. */
export const ALL_COMMAND_IDS: readonly string[] = [...Object.values(COMMAND_IDS), ...Object.values(TASKS_COMMAND_IDS)];

/** `when`-clause context keys the extension sets. */
export const CONTEXT_KEYS = {
  hasWizard: 'okstra.hasWizard',
  canRun: 'okstra.canRun',
  promptOpen: 'okstra.promptOpen',
  /** The Tasks view shows no task (its welcome). */
  tasksEmpty: 'okstra.tasks.empty',
  /** The Tasks view is filtered (Clear Filter is offered). */
  tasksFiltered: 'okstra.tasks.filtered',
  /** The open wizard's run is running (Stop Run is offered). */
  runRunning: 'okstra.runRunning',
} as const;

export const VIEW_IDS = {
  container: 'okstra',
  wizard: 'okstra.wizard',
  tasks: 'okstra.tasks',
} as const;

/** Workbench commands the extension calls. */
export const WORKBENCH_COMMANDS = {
  /** Gives the open prompt the keys: its list on VS Code 1.100 (so never at the Confirm prompt, prompt/promptRunner.ts). */
  focusQuickInput: 'workbench.action.focusQuickOpen',
  focusTerminal: 'workbench.action.terminal.focus',
} as const;
