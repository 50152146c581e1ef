// Text from files in the Tasks view's tooltips, which VS Code renders as Markdown (src/vscode/host/vscodeWindow.ts
// treeItem): a run id, a model ref, a task key, an inputs.json value, a manifest's title come with the repository,
// so none of them may add Markdown of its own (a link, an image from any URL, a heading) nor end the code span it
// is shown in.

/**
 * `s` as plain text in Markdown: every character that can start Markdown escaped (a `:` before `/` too, so that
 * no bare URL becomes a link), line breaks made spaces.
 */
export function mdEscape(s: string): string {
  return s
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_{}[\]()#+\-.!|<>~&=]/g, (c) => `\\${c}`)
    .replace(/:(?=\/)/g, '\\:');
}

/**
 * `s` as an inline code span that its own backticks cannot end: the fence is one backtick longer than the longest
 * run of backticks in it, padded with a space where `s` starts or ends with one; line breaks are made spaces (a
 * blank line would end the paragraph, and the span with it).
 */
export function mdCode(s: string): string {
  const text = s.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
