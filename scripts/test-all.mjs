#!/usr/bin/env node
// `npm test`: the project's gate, every test layer in order, cheapest first, stopping at the first red one (a lint
// error is reported in seconds, not after the VS Code suites). On a fresh clone it is a valid first command: when
// node_modules is missing or does not match package-lock.json it runs `npm ci` first (scripts/dependencies.mjs), so
// this file imports nothing but node: built-ins and that script.
//   lint, format, typecheck  eslint, prettier --check, tsc --noEmit (src/core may not import vscode, fs, child_process),
//                the three at once (each one's output is printed when it ends)
//   unit         mocha in plain Node (tsx), test/unit/**, its files in two worker processes
//   build        esbuild: dist/extension.js, dist/cli.js, out/test/integration
//   harness      the current code-server for the VS Code runs, into .tools/ (once; milliseconds afterwards)
//   harness-min  the oldest code-server the extension accepts (the package's install test, CI's second integration run)
//   integration  mocha inside the real VS Code extension host (test/runner/runIntegration.mjs; R6, R7 among them)
//   ui           playwright-core driving the real workbench (test/ui), one file at a time (each file starts its own
//                code-server and browser, which take both cores while they load); screenshots in test-results/ (never a
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

// Steps with the same `together` run at the same time (they read the sources and write nothing); the rest one by one.
const STEPS = [
  { name: 'lint', cmd: bin('eslint'), args: ['.'], limit: minutes(3), together: 'static' },
  { name: 'format', cmd: bin('prettier'), args: ['--check', '.'], limit: minutes(3), together: 'static' },
  { name: 'typecheck', cmd: bin('tsc'), args: ['-p', '.', '--noEmit'], limit: minutes(3), together: 'static' },
  { name: 'unit', cmd: bin('mocha'), args: ['--parallel', '--jobs', '2'], limit: minutes(10) },
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

const running = new Set();
function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}
function endAll() {
  for (const child of running) {
    killGroup(child, 'SIGTERM');
    setTimeout(() => killGroup(child, 'SIGKILL'), 3000).unref();
  }
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    endAll();
    console.error(`\nnpm test: interrupted (${sig})`);
    process.exitCode = 130;
  });
}

/** Runs one step; `buffered` keeps its output and hands it back instead of printing it as it comes. */
function runStep(step, buffered) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      detached: true,
      env: { ...process.env, ...step.env },
    });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\nnpm test: step '${step.name}' did not finish within ${step.limit / 60_000} min; ending it`);
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 5000).unref();
    }, step.limit);
    const done = (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ step, code, timedOut, seconds: (Date.now() - started) / 1000, output: Buffer.concat(output) });
    };
    child.on('error', (err) => {
      output.push(Buffer.from(`npm test: cannot start step '${step.name}': ${err.message}\n`));
      if (!buffered) console.error(`npm test: cannot start step '${step.name}': ${err.message}`);
      done(127);
    });
    // 'close', not 'exit': a buffered step's output is all read by then.
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

// The steps in batches: a run of steps with the same `together`, or one step.
const batches = [];
for (const step of steps) {
  const last = batches.at(-1);
  if (step.together && last?.[0].together === step.together) last.push(step);
  else batches.push([step]);
}

const summary = [];
const allStarted = Date.now();
function fail(result) {
  console.log(`\n${summary.join('\n')}`);
  console.error(`\nnpm test: FAILED at step '${result.step.name}'${result.timedOut ? ' (timeout)' : ''} with exit code ${result.code}`);
  process.exit(result.code || 1);
}
for (const batch of batches) {
  if (batch.length === 1) {
    console.log(`\n══════ npm test › ${batch[0].name} ══════`);
    const result = await runStep(batch[0], false);
    summary.push(`  ${result.code === 0 ? 'ok  ' : 'FAIL'}  ${result.step.name.padEnd(12)} ${result.seconds.toFixed(1).padStart(6)} s`);
    if (result.code !== 0 || process.exitCode) fail(result);
    continue;
  }
  // Together: each one's output is printed whole when it ends; the first to fail ends the others.
  let failed = null;
  await Promise.all(
    batch.map((step) =>
      runStep(step, true).then((result) => {
        if (failed) return;
        console.log(
          `\n══════ npm test › ${step.name} (with ${batch
            .filter((s) => s !== step)
            .map((s) => s.name)
            .join(', ')}) ══════`,
        );
        process.stdout.write(result.output);
        summary.push(`  ${result.code === 0 ? 'ok  ' : 'FAIL'}  ${step.name.padEnd(12)} ${result.seconds.toFixed(1).padStart(6)} s`);
        if (result.code !== 0 || process.exitCode) {
          failed = result;
          endAll();
        }
      }),
    ),
  );
  if (failed) fail(failed);
}
console.log(`\n${summary.join('\n')}\n\nnpm test: all ${steps.length} steps passed in ${((Date.now() - allStarted) / 1000).toFixed(1)} s`);
