// Temporary folders and fixture copies for every test layer (unit, reliability, bench-like scripts): one place that
// makes them and removes them. Each caller makes its own set (`tempDirs(prefix)`) and cleans only that set, so that
// one suite's cleanup never removes a folder another suite still uses.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures');
export const PROFILES = path.join(REPO_ROOT, 'profiles');

export interface TempDirs {
  /** A new empty folder under the OS temp folder, named `<prefix><random>`. */
  make(prefix?: string): string;
  /** A private copy of test/fixtures/<name> in a new temp folder; returns the copy's root (named `<name>`). */
  copyFixture(name: string): string;
  /** A copy of any folder (`from`, absolute) as `<new temp folder>/<as>`; returns the copy's root. */
  copyOf(from: string, as?: string, prefix?: string): string;
  /** Removes every folder this set made. */
  cleanup(): void;
}

export function tempDirs(defaultPrefix = 'okstra-test-'): TempDirs {
  const made: string[] = [];
  const make = (prefix = defaultPrefix): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  const copyOf = (from: string, as = path.basename(from), prefix?: string): string => {
    if (!fs.existsSync(from)) throw new Error(`nothing to copy at ${from}`);
    const dest = path.join(make(prefix), as);
    fs.cpSync(from, dest, { recursive: true });
    return dest;
  };
  return {
    make,
    copyOf,
    copyFixture: (name) => copyOf(path.join(FIXTURES, name)),
    cleanup: () => {
      for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
