// The page of a read-only document the extension shows (the confirmation, a comparison of runs): its markdown as the
// markdown extension renders it (`markdown.api.render`, the preview's own renderer), styled by the preview's own
// stylesheet, in a page that loads nothing from anywhere else and runs one script of its own: it tells the extension
// when the page has been drawn, so that the prompt beside it can say that it is still coming until then (the markdown
// preview opened at once and drew its page seconds later, and said nothing). Pure: no vscode import.

interface MarkdownPageParts {
  /** The rendered markdown (HTML). Every text from files in it was escaped by the markdown builders. */
  body: string;
  /** The markdown preview's stylesheets, as webview URIs. */
  styles: readonly string[];
  /** The webview's own source (`webview.cspSource`): the only place styles and fonts may come from. */
  cspSource: string;
  /** A fresh random value for this page's script (its Content-Security-Policy nonce). */
  nonce: string;
  /** Which text this page shows: said back once it is drawn. */
  version: number;
  /** The markdown.preview font settings, as the preview applies them. */
  font: { family?: string; size?: number; lineHeight?: number };
  /** The page's language (`<html lang>`). */
  lang: string;
}

/** What the page posts once its first frame with the text is drawn. */
interface DrawnMessage {
  drawn: number;
}

export function isDrawnMessage(m: unknown): m is DrawnMessage {
  return typeof m === 'object' && m !== null && typeof (m as { drawn?: unknown }).drawn === 'number';
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A CSS value from a setting: only what a font family or a number can hold. */
function cssValue(value: string): string {
  return value.replace(/[^\w\s,'"\-.]/g, '');
}

export function markdownPage(parts: MarkdownPageParts): string {
  const { font } = parts;
  const vars = [
    font.family ? `--markdown-font-family: ${cssValue(font.family)};` : '',
    font.size && Number.isFinite(font.size) ? `--markdown-font-size: ${font.size}px;` : '',
    font.lineHeight && Number.isFinite(font.lineHeight) ? `--markdown-line-height: ${font.lineHeight};` : '',
  ].join(' ');
  const csp = [
    "default-src 'none'",
    `style-src ${parts.cspSource} 'unsafe-inline'`,
    `font-src ${parts.cspSource}`,
    `img-src ${parts.cspSource} data:`,
    `script-src 'nonce-${parts.nonce}'`,
  ].join('; ');
  return [
    '<!DOCTYPE html>',
    `<html lang="${attribute(parts.lang)}">`,
    '<head>',
    '<meta charset="UTF-8">',
    `<meta http-equiv="Content-Security-Policy" content="${attribute(csp)}">`,
    ...parts.styles.map((href) => `<link rel="stylesheet" href="${attribute(href)}">`),
    `<style>html, body { ${vars} }</style>`,
    '</head>',
    '<body class="vscode-body">',
    parts.body,
    // Two frames: the first lays the page out, the second is drawn with it.
    `<script nonce="${attribute(parts.nonce)}">`,
    'const vscode = acquireVsCodeApi();',
    `requestAnimationFrame(() => requestAnimationFrame(() => vscode.postMessage({ drawn: ${parts.version} })));`,
    '</script>',
    '</body>',
    '</html>',
  ].join('\n');
}
