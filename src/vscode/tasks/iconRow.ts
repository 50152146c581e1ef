// What a task's row and a run's row of the Tasks view show alike (taskBoardModel.ts TaskRow, runRows.ts RunRow):
// their texts and an icon of their own (tasksTree.ts makes their tree items). Plain data.

/** The texts and the icon of a row. */
export interface IconRow {
  label: string;
  description: string;
  /** Markdown. */
  tooltip: string;
  icon: string;
  iconColor?: string;
}
