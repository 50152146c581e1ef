#!/usr/bin/env node
// `npm test`: the project's gate, every test layer in order, cheapest first, stopping at the first red one (a lint
// error is reported in seconds, not after the VS Code suites). On a fresh clone it is a valid first command: when
// node_modules is missing or does not match package-lock.json it runs `npm ci` first (scripts/dependencies.mjs), so
// this file imports nothing but node: built-ins and that script.
//   lint, format, typecheck  eslint, prettier --check, tsc --noEmit (src/core may not import vscode, fs, child_process)
//   unit         mocha in plain Node (tsx), test/unit/**
//   build        esbuild: dist/extension.js, dist/cli.js, out/test/integration
//   harness      the current code-server for the VS Code runs, into .tools/ (once; milliseconds afterwards)
//   harness-min  the oldest code-server the extension accepts (the package's install test, CI's second integration run)
//   integration  mocha inside the real VS Code extension host (test/runner/runIntegration.mjs; R6, R7 among them)
//   ui           playwright-core driving the real workbench (test/ui); screenshots in test-results/ (never a
//                tracked file: `npm run screenshots -- --copy` updates docs/images/ and media/walkthrough/)
//   package      the .vsix: built offline, its contents checked, installed into code-server (test/package)
//   reliability  a smoke run of the safety targets of docs/safety.md (R1–R5, R8–R10: every target on fewer cases,
//                `--quick`); the full counts are `npm run test:reliability`, which .ci/run runs after this gate
// Each step runs in its own process group with a time limit, so a hung step ends with a message instead of
// hanging CI, and everything it started is ended with it. The times each step takes here are in CONTRIBUTING.md.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './dependencies.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const minutes = (n) => n * 60_000;
const node = process.execPath;
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const STEPS = [
  { name: 'lint', cmd: bin('eslint'), args: ['.'], limit: minutes(3) },
  { name: 'format', cmd: bin('prettier'), args: ['--check', '.'], limit: minutes(3) },
  { name: 'typecheck', cmd: bin('tsc'), args: ['-p', '.', '--noEmit'], limit: minutes(3) },
  { name: 'unit', cmd: bin('mocha'), args: [], limit: minutes(10) },
  { name: 'build', cmd: node, args: ['scripts/build.mjs'], limit: minutes(2) },
  { name: 'harness', cmd: 'bash', args: ['scripts/setup-vscode-harness.sh', 'current'], limit: minutes(30) },
  { name: 'harness-min', cmd: 'bash', args: ['scripts/setup-vscode-harness.sh', 'minimum'], limit: minutes(15) },
  { name: 'integration', cmd: node, args: ['test/runner/runIntegration.mjs'], limit: minutes(15) },
  { name: 'ui', cmd: bin('mocha'), args: ['--config', 'test/ui/.mocharc.json'], limit: minutes(20) },
  { name: 'package', cmd: bin('mocha'), args: ['--config', 'test/package/.mocharc.json'], limit: minutes(6) },
  { name: 'reliability', cmd: node, args: ['scripts/reliability.mjs', '--quick'], limit: minutes(10) },
];

// `node scripts/test-all.mjs unit build` runs only those steps (in the order above).
const only = process.argv.slice(2);
for (const name of only) {
  if (!STEPS.some((s) => s.name === name)) {
    console.error(`unknown step '${name}'; steps: ${STEPS.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
}
const steps = only.length > 0 ? STEPS.filter((s) => only.includes(s.name)) : STEPS;
if (!ensureDependencies(root, 'npm test')) process.exit(1);

let current = null;
function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (current) {
      killGroup(current, 'SIGTERM');
      setTimeout(() => killGroup(current, 'SIGKILL'), 3000).unref();
    }
    console.error(`\nnpm test: interrupted (${sig})`);
    process.exitCode = 130;
  });
}

function runStep(step) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { cwd: root, stdio: 'inherit', detached: true, env: { ...process.env, ...step.env } });
    current = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\nnpm test: step '${step.name}' did not finish within ${step.limit / 60_000} min; ending it`);
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 5000).unref();
    }, step.limit);
    child.on('error', (err) => {
      clearTimeout(timer);
      console.error(`npm test: cannot start step '${step.name}': ${err.message}`);
      resolve({ code: 127, timedOut });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      current = null;
      resolve({ code: code ?? (signal ? 128 : 1), timedOut });
    });
  });
}

const summary = [];
const allStarted = Date.now();
for (const step of steps) {
  console.log(`\n══════ npm test › ${step.name} ══════`);
  const started = Date.now();
  const { code, timedOut } = await runStep(step);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push(`  ${code === 0 ? 'ok  ' : 'FAIL'}  ${step.name.padEnd(12)} ${seconds.padStart(6)} s`);
  if (code !== 0 || process.exitCode) {
    console.log(`\n${summary.join('\n')}`);
    console.error(`\nnpm test: FAILED at step '${step.name}'${timedOut ? ' (timeout)' : ''} with exit code ${code}`);
    process.exit(code || 1);
  }
}
console.log(`\n${summary.join('\n')}\n\nnpm test: all ${steps.length} steps passed in ${((Date.now() - allStarted) / 1000).toFixed(1)} s`);
