#!/usr/bin/env node
// `npm run screenshots`: the pictures of the docs (docs/images/, the README's) and of the package (media/walkthrough/,
// the walkthrough's), made by the UI tests in the real workbench (test/ui) under test-results/screenshots/, each at
// its repository path. A test run never writes a tracked file; copying the pictures over the committed ones is asked
// for with --copy, and reviewed like any change (git diff, the file view).
//   npm run screenshots                  build, run the UI tests, list the pictures made
//   npm run screenshots -- --copy        the same, then copy them over the committed ones
//   npm run screenshots -- --copy-only   copy what the last UI run made, without running it again
//   npm run screenshots -- --grep demo   only the UI tests whose title matches (mocha --grep)
// Exit 1 when the build or a UI test fails (nothing is copied then).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shotsRoot = path.join(root, 'test-results', 'screenshots');

let values;
try {
  ({ values } = parseArgs({
    options: {
      copy: { type: 'boolean' },
      'copy-only': { type: 'boolean' },
      grep: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (e) {
  console.error(`screenshots: ${e.message}\nusage: npm run screenshots -- [--copy | --copy-only] [--grep <title>]`);
  process.exit(2);
}
if (values.help) {
  console.log('usage: npm run screenshots -- [--copy | --copy-only] [--grep <title>]');
  process.exit(0);
}

function step(what, cmd, args) {
  console.log(`\nscreenshots: ${what}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`screenshots: ${what} failed (exit ${r.status ?? r.signal}); nothing was copied`);
    process.exit(1);
  }
}

if (!values['copy-only']) {
  step('build', process.execPath, ['scripts/build.mjs']);
  const mocha = path.join(root, 'node_modules', '.bin', 'mocha');
  step('the UI tests (test/ui)', mocha, ['--config', 'test/ui/.mocharc.json', ...(values.grep ? ['--grep', values.grep] : [])]);
}

const made = fs.existsSync(shotsRoot)
  ? fs
      .readdirSync(shotsRoot, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.png'))
      .sort()
  : [];
if (made.length === 0) {
  console.error(`screenshots: no pictures under ${path.relative(root, shotsRoot)}/ (run without --copy-only first)`);
  process.exit(1);
}
const copy = values.copy || values['copy-only'];
console.log(`\nscreenshots: ${made.length} pictures under ${path.relative(root, shotsRoot)}/`);
for (const rel of made) {
  const from = path.join(shotsRoot, rel);
  const to = path.join(root, rel);
  const state = !fs.existsSync(to) ? 'new' : fs.readFileSync(to).equals(fs.readFileSync(from)) ? 'same' : 'changed';
  if (copy && state !== 'same') {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
  }
  console.log(`  ${state.padEnd(7)} ${rel.split(path.sep).join('/')}${copy && state !== 'same' ? '  (copied)' : ''}`);
}
if (!copy) console.log('\nscreenshots: look at them, then `npm run screenshots -- --copy-only` copies them over the committed ones');
