// Runs many quoted command lines through one process of a real shell and
// returns the argv each receiver call got, as bytes. The receiver is a shell
// function printing "<argc>\0<arg>\0…"; interactive mode where the shell
// has one, so history expansion is in force as in a terminal.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShellKind } from '../../../src/core/run';

interface ShellSpec {
  program: string;
  args: string[];
  prelude: string;
  /** fish refuses a script on a Node pipe ("Unable to read input file"): give it a file. */
  scriptAsFile?: boolean;
}

const RECV_POSIX = `recv() { printf '%s\\0' "$#" "$@"; }`;

const SPECS: Partial<Record<ShellKind, ShellSpec>> = {
  bash: { program: '/bin/bash', args: ['--norc', '--noprofile', '-i'], prelude: RECV_POSIX },
  dash: { program: '/bin/dash', args: ['-i'], prelude: RECV_POSIX },
  zsh: { program: '/usr/bin/zsh', args: ['-f', '-i'], prelude: RECV_POSIX },
  fish: {
    program: '/usr/bin/fish',
    args: ['--no-config'],
    prelude: 'function recv; string join0 -- (count $argv) $argv; end',
    scriptAsFile: true,
  },
};

export function shellAvailable(shell: ShellKind): boolean {
  const spec = SPECS[shell];
  return spec !== undefined && existsSync(spec.program);
}

/** Feeds `lines` (each a call of `recv`) to the shell; returns each call's arguments. */
export function runThroughShell(shell: ShellKind, lines: string[], extraPrelude = ''): { calls: Buffer[][]; stderr: string } {
  const spec = SPECS[shell];
  if (!spec) throw new Error(`no test runner for ${shell}`);
  const script = [spec.prelude, extraPrelude, ...lines, 'exit 0', ''].join('\n');
  let fileDir: string | null = null;
  let args = spec.args;
  let input: string | undefined = script;
  if (spec.scriptAsFile) {
    fileDir = mkdtempSync(join(tmpdir(), 'okstra-shell-'));
    const file = join(fileDir, 'script');
    writeFileSync(file, script);
    args = [...spec.args, file];
    input = undefined;
  }
  const result = spawnSync(spec.program, args, {
    input,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      HOME: process.env.HOME ?? '/root',
      HISTFILE: '/dev/null',
    },
    maxBuffer: 256 * 1024 * 1024,
    timeout: 60_000,
  });
  if (fileDir) rmSync(fileDir, { recursive: true, force: true });
  if (result.error) throw result.error;
  return { calls: parseCalls(result.stdout), stderr: result.stderr.toString('utf8') };
}

function parseCalls(out: Buffer): Buffer[][] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < out.length; i++) {
    if (out[i] === 0) {
      parts.push(out.subarray(start, i));
      start = i + 1;
    }
  }
  const calls: Buffer[][] = [];
  for (let i = 0; i < parts.length;) {
    const count = Number(parts[i].toString('utf8'));
    if (!Number.isInteger(count)) throw new Error(`unparsable receiver output at part ${i}: ${JSON.stringify(parts[i].toString('utf8'))}`);
    calls.push(parts.slice(i + 1, i + 1 + count));
    i += 1 + count;
  }
  return calls;
}
