// Are the installed dependencies the ones package-lock.json names? `npm start` and `npm test` ask first, so that
// on a fresh clone (or after a pull that changed the lock file) either works as the very first command: when
// node_modules is missing or out of date they run `npm ci` and say so. npm records what it installed in
// node_modules/.package-lock.json; that file is compared with package-lock.json, package by package.
// Only node: built-ins: this runs before any dependency exists.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Why node_modules does not match package-lock.json, or null when it does.
 * @param {string} root  the repository
 * @returns {string | null}
 */
export function dependencyProblem(root) {
  const lock = readJson(path.join(root, 'package-lock.json'));
  if (!lock?.packages) return 'package-lock.json is missing or unreadable';
  if (!fs.existsSync(path.join(root, 'node_modules'))) return 'node_modules is missing';
  const installed = readJson(path.join(root, 'node_modules', '.package-lock.json'));
  if (!installed?.packages) return 'node_modules was not installed by npm from package-lock.json';
  for (const [where, wanted] of Object.entries(lock.packages)) {
    if (where === '' || wanted.link) continue;
    const have = installed.packages[where];
    // Optional packages for other platforms (esbuild's binaries, …) are in the lock file but not installed.
    if (!have) {
      if (wanted.optional) continue;
      return `${where.replace(/^node_modules\//, '')} ${wanted.version} is not installed`;
    }
    if (have.version !== wanted.version) {
      return `${where.replace(/^node_modules\//, '')} is ${have.version}, package-lock.json wants ${wanted.version}`;
    }
  }
  for (const where of Object.keys(installed.packages)) {
    if (!(where in lock.packages)) return `${where.replace(/^node_modules\//, '')} is installed but not in package-lock.json`;
  }
  return null;
}

/**
 * Runs `npm ci` when node_modules does not match package-lock.json, saying why. Returns false when it had to and
 * could not. A node_modules that is a symbolic link (shared with another checkout) is never reinstalled from here.
 * @param {string} root
 * @param {string} who  the command, for the messages (`npm test`)
 * @returns {boolean}
 */
export function ensureDependencies(root, who) {
  const problem = dependencyProblem(root);
  if (problem === null) return true;
  const modules = path.join(root, 'node_modules');
  if (fs.lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink()) {
    console.warn(`${who}: ${problem}; node_modules is a link to ${fs.realpathSync(modules)}, so it is not reinstalled here`);
    return true;
  }
  console.log(`${who}: ${problem}; running npm ci first`);
  // Under npm, npm_execpath is npm's own script: the same npm that started us.
  const npmCli = process.env.npm_execpath;
  const r =
    npmCli && /\.c?js$/.test(npmCli)
      ? spawnSync(process.execPath, [npmCli, 'ci'], { cwd: root, stdio: 'inherit' })
      : spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci'], {
          cwd: root,
          stdio: 'inherit',
          shell: process.platform === 'win32',
        });
  if (r.status === 0) {
    console.log(`${who}: npm ci done`);
    return true;
  }
  console.error(`${who}: npm ci failed (${r.error?.message ?? `exit ${r.status}`}); fix that, then run ${who} again`);
  return false;
}
