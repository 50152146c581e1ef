#!/usr/bin/env node
// The sample project that `npm start` and F5 (.vscode/launch.json) open: a copy of demo/ (or, without it, of
// test/fixtures/vscode-workspace) in .tools/start/workspace/, made once and kept, so that the wizard's state files
// never dirty the repository and survive a restart. `--fresh` replaces the copy with a new one.
//   node scripts/sampleProject.mjs [--fresh]   prints the copy's path
// Only node: built-ins, so that it runs before the dependencies are installed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {{ workspace: string, sample: string, created: boolean }} */
export function prepareSampleProject({ fresh = false } = {}) {
  const demo = path.join(repoRoot, 'demo');
  const sample = fs.existsSync(demo) ? demo : path.join(repoRoot, 'test', 'fixtures', 'vscode-workspace');
  const parent = path.join(repoRoot, '.tools', 'start', 'workspace');
  const workspace = path.join(parent, path.basename(sample));
  if (fresh) fs.rmSync(parent, { recursive: true, force: true });
  const created = !fs.existsSync(workspace);
  if (created) fs.cpSync(sample, workspace, { recursive: true });
  return { workspace, sample, created };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { workspace, sample, created } = prepareSampleProject({ fresh: process.argv.includes('--fresh') });
  const rel = (p) => path.relative(repoRoot, p);
  console.log(created ? `sample project: ${rel(workspace)} (a new copy of ${rel(sample)})` : `sample project: ${rel(workspace)}`);
}
