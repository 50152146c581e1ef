// What `npm start` prints once VS Code is up (scripts/startBanner.mjs): the URL and the next steps, and, when the
// environment makes the demo's stand-in okstra fail (OKSTRA_DEMO_EXIT), that every Run will fail on purpose.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { startBanner } from '../../../scripts/startBanner.mjs';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const base = {
  url: 'http://127.0.0.1:8080/?folder=x',
  port: 8080,
  wanted: 8080,
  workspace: '.tools/start/workspace/demo',
  copy: 'a new copy of demo',
};

/** What the stand-in does with this value: its exit status when Run starts it. */
function standInExit(value: string): number | null {
  return spawnSync(process.execPath, [path.join(REPO_ROOT, 'demo/.demo-bin/okstra'), 'render-bundle'], {
    env: { PATH: process.env.PATH, OKSTRA_DEMO_EXIT: value },
    encoding: 'utf8',
  }).status;
}

describe('npm start: the banner', () => {
  it('gives the URL, the next steps and the sample project, and says nothing about the stand-in by default', () => {
    const text = startBanner({ ...base, env: {} });
    assert.match(
      text,
      /okstra-wizard is running in VS Code \(code-server on 127\.0\.0\.1:8080\):\n\n {2}http:\/\/127\.0\.0\.1:8080\/\?folder=x\n/,
    );
    assert.match(text, /sample project: \.tools\/start\/workspace\/demo \(a new copy of demo\)/);
    assert.doesNotMatch(text, /OKSTRA_DEMO_EXIT/);
    assert.doesNotMatch(startBanner({ ...base, env: { OKSTRA_DEMO_EXIT: '0' } }), /OKSTRA_DEMO_EXIT/);
    assert.match(startBanner({ ...base, port: 8093, env: {} }), /127\.0\.0\.1:8093, because port 8080 is taken/);
  });

  it('says that every Run fails when OKSTRA_DEMO_EXIT makes the stand-in okstra exit non-zero, as the stand-in does', () => {
    for (const [value, exit] of [
      ['3', 3],
      ['x', 2],
      ['300', 2],
    ] as const) {
      assert.equal(standInExit(value), exit, `the stand-in with OKSTRA_DEMO_EXIT=${value}`);
      const text = startBanner({ ...base, env: { OKSTRA_DEMO_EXIT: value } });
      assert.match(text, new RegExp(`OKSTRA_DEMO_EXIT=${value}: .*(every Run fails on purpose|refuses every Run \\(exit 2\\))`));
    }
    assert.match(startBanner({ ...base, env: { OKSTRA_DEMO_EXIT: '3' } }), /exits with 3, so every Run fails on purpose/);
  });

  it('says how long each Run takes when OKSTRA_DEMO_SECONDS makes the stand-in okstra take its time', () => {
    assert.match(startBanner({ ...base, env: { OKSTRA_DEMO_SECONDS: '30' } }), /OKSTRA_DEMO_SECONDS=30: each Run .* takes 30 s/);
    assert.match(startBanner({ ...base, env: { OKSTRA_DEMO_SECONDS: 'soon' } }), /OKSTRA_DEMO_SECONDS=soon: not a number of seconds/);
    assert.doesNotMatch(startBanner({ ...base, env: { OKSTRA_DEMO_SECONDS: '0' } }), /OKSTRA_DEMO_SECONDS/);
  });
});
