// What a screen reader hears of a row: its words as the row shows them, with no codicon ids. VS Code reads
// `$(star-full)` in a QuickPick's label or description as "star-full", and a tree row with a Markdown tooltip as
// nothing or as its tooltip (the protocol's echo): the rows say their state in words instead. Pure.

/** `text` without its codicons (`$(play) Run` → `Run`) and without the ⚠ that marks a change. */
export function withoutIcons(text: string): string {
  return text
    .replace(/\$\([a-z0-9~-]+\)/gi, '')
    .replace(/⚠/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A tree row's accessible label: its label and its description (its state: `current`, a count, a phase), in words. */
export function treeRowAriaLabel(row: { label: string; description?: string }): string {
  return [row.label, row.description ?? '']
    .map(withoutIcons)
    .filter((t) => t !== '')
    .join(', ');
}

/** A codicon at the start of a label (`$(play) Run`) apart from its words: the icon goes to `iconPath`. */
export function leadingIcon(label: string): { icon?: string; label: string } {
  const m = /^\$\(([a-z0-9~-]+)\)\s*/i.exec(label);
  return m ? { icon: m[1], label: label.slice(m[0].length) } : { label };
}
