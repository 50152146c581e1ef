// The page of a read-only document (src/vscode/host/markdownPage.ts): nothing loads from anywhere but the webview's
// own source, the one script is the page's (its nonce), and it says which text it drew.
import { strict as assert } from 'node:assert';
import { isDrawnMessage, markdownPage } from '../../../src/vscode/host/markdownPage';

const parts = {
  body: '<h1>error-analysis · payments/currency-rounding</h1>\n<pre>okstra render-bundle --task-id currency-rounding</pre>',
  styles: ['https://file+.vscode-resource.example/media/markdown.css'],
  cspSource: 'https://file+.vscode-resource.example',
  nonce: 'bm9uY2Ux',
  version: 7,
  font: { family: 'Inter, "Noto Sans"', size: 15, lineHeight: 1.6 },
  lang: 'ko',
};

describe('vscode: the page of a read-only document', () => {
  it('a Content-Security-Policy that allows no source but the webview and only the script with its nonce', () => {
    const page = markdownPage(parts);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-bm9uY2Ux'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-eval|\*|http:/);
    const scripts = page.match(/<script[^>]*>/g) ?? [];
    assert.deepEqual(scripts, ['<script nonce="bm9uY2Ux">']);
  });

  it('the body as rendered, the stylesheets given, the language, and the drawn message with its version', () => {
    const page = markdownPage(parts);
    assert.ok(page.includes(parts.body));
    assert.ok(page.includes('<link rel="stylesheet" href="https://file+.vscode-resource.example/media/markdown.css">'));
    assert.match(page, /<html lang="ko">/);
    assert.match(page, /vscode\.postMessage\(\{ drawn: 7 \}\)/);
    assert.ok(isDrawnMessage({ drawn: 7 }));
    assert.ok(!isDrawnMessage({ drawn: '7' }) && !isDrawnMessage(null) && !isDrawnMessage('drawn'));
  });

  it('the font settings as CSS values only: a setting cannot end the style or add a rule', () => {
    const page = markdownPage({
      ...parts,
      font: { family: 'x; } body { display: none } </style><script>alert(1)</script>', size: Number.NaN },
    });
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
    assert.doesNotMatch(style, /[;{}<>]\s*body|<\/?script|display: none/);
    assert.doesNotMatch(style, /--markdown-font-size/);
    assert.equal((page.match(/<script/g) ?? []).length, 1);
  });
});
