// Companions of a legacy v1 state file P (R-IO-1, docs/state-file.md › Legacy v1 files and their companions):
//   P.v2.<sha256>.json       canonical content-addressed companion
//   P.v2.<sha256>.<n>.json   numbered variants, n = 1, 2, … (numeric order)
//   P.v2.json                the older legacy companion: read for resume, never written

import * as fs from 'node:fs';
import * as path from 'node:path';

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function canonicalCompanionPath(stateAbs: string, sha256: string): string {
  return `${stateAbs}.v2.${sha256}.json`;
}

export function numberedCompanionPath(stateAbs: string, sha256: string, n: number): string {
  return `${stateAbs}.v2.${sha256}.${n}.json`;
}

export function legacyCompanionPath(stateAbs: string): string {
  return `${stateAbs}.v2.json`;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** The content-addressed candidates in the order they are tried: canonical, then `.<n>` by n. */
export function companionCandidates(stateAbs: string, sha256: string): string[] {
  const dir = path.dirname(stateAbs);
  const re = new RegExp(`^${escapeRe(path.basename(stateAbs))}\\.v2\\.${sha256}\\.([1-9][0-9]*)\\.json$`);
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    /* no folder: no companions */
  }
  const numbered = names
    .map((n) => ({ n, m: re.exec(n) }))
    .filter((x): x is { n: string; m: RegExpExecArray } => x.m !== null)
    .map((x) => ({ name: x.n, k: Number(x.m[1]) }))
    .filter((x) => Number.isSafeInteger(x.k))
    .sort((a, b) => a.k - b.k)
    .map((x) => path.join(dir, x.name))
    .filter(isFile);
  const canonical = canonicalCompanionPath(stateAbs, sha256);
  return isFile(canonical) ? [canonical, ...numbered] : numbered;
}

/** Where a new companion goes: the canonical path when free, else the first free `.<n>` (R-IO-3 step 6). */
export function availableCompanionPath(stateAbs: string, sha256: string): string {
  let candidate = canonicalCompanionPath(stateAbs, sha256);
  for (let n = 1; fs.existsSync(candidate); n++) candidate = numberedCompanionPath(stateAbs, sha256, n);
  return candidate;
}

/**
 * Every companion-like file of the state file `stateAbs`, any sha: returns
 * `[absPath, suffix]` with suffix the part after the state file's name.
 */
export function allCompanions(stateAbs: string): Array<[string, string]> {
  const dir = path.dirname(stateAbs);
  const name = path.basename(stateAbs);
  const re = new RegExp(`^${escapeRe(name)}(\\.v2(?:\\.[0-9a-f]{64}(?:\\.[1-9][0-9]*)?)?\\.json)$`);
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: Array<[string, string]> = [];
  for (const n of names) {
    const m = re.exec(n);
    if (m && isFile(path.join(dir, n))) out.push([path.join(dir, n), m[1]!]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/**
 * 12 hex digits that make a temporary's name unique. The name needs no secrecy: a temporary is created exclusively
 * and never through a link (atomicWrite.ts), so a name taken by anyone else only fails that write; Math.random is
 * enough (and the tests can fix it to plant a link at the next name).
 */
export function uniqueSuffix(): string {
  return Math.floor(Math.random() * 0x1000000000000)
    .toString(16)
    .padStart(12, '0');
}

/** A private temporary next to `targetAbs`: `.<name>.tmp-<pid>-<random>` (found again by temporariesOf). */
export function tempPathFor(targetAbs: string): string {
  return path.join(path.dirname(targetAbs), `.${path.basename(targetAbs)}.tmp-${process.pid}-${uniqueSuffix()}`);
}

/** Temporaries `.<name>.tmp-<pid>-<random>` of the state file, of its companions and of its lock: `[absPath, pid]`. */
export function temporariesOf(stateAbs: string): Array<[string, number]> {
  const dir = path.dirname(stateAbs);
  // `.lock` too: the owner file a lock is linked from (lock.ts acquireLock).
  const re = new RegExp(
    `^\\.${escapeRe(path.basename(stateAbs))}(?:\\.v2(?:\\.[0-9a-f]{64}(?:\\.[1-9][0-9]*)?)?\\.json|\\.lock)?\\.tmp-(\\d+)-[0-9a-f]+$`,
  );
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: Array<[string, number]> = [];
  for (const n of names) {
    const m = re.exec(n);
    if (m) out.push([path.join(dir, n), Number(m[1])]);
  }
  return out;
}
