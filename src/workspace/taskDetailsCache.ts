// A task's details (manifest, brief front matter, directions, plan, clarifications, run inputs) kept between the
// prompts of a long-lived workspace (the extension's, the MCP server's: WorkspaceOptions.keepTaskDetails), and read
// again only when one of the files or folders they come from changed (P1 and P7, docs/performance.md). The
// stamp is always taken before the read it vouches for: a change during or after the read gives a different stamp
// next time, and the task is read again.
import * as path from 'node:path';
import type { TaskDetails } from '../core/ports';
import { stampOfPaths } from '../io/pathStamp';

interface Entry {
  /** Absolute files and folders the details were (or may be) read from. */
  paths: string[];
  /** Their stamp before the read; null when the read found paths that were not stamped before it. */
  stamp: string | null;
  details: TaskDetails | null;
}

export class TaskDetailsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly projectRootAbs: string) {}

  /** The details of `key`, from `read` (the workspace) unless nothing they depend on changed since the last read. */
  get(key: string, read: () => TaskDetails): TaskDetails {
    // A key the workspace will refuse is not looked up here: its refusal comes from the read.
    if (!/^[^/\\]+\/[^/\\]+$/.test(key) || key.split('/').some((p) => p === '.' || p === '..')) return read();
    const known = this.entries.get(key);
    const paths = known?.paths ?? this.fixedPaths(key);
    const stamp = stampOfPaths(paths);
    if (known?.details && known.stamp === stamp) return known.details;
    this.entries.delete(key);
    const details = read(); // an error is not kept: the next call reads again
    const after = this.pathsOf(key, details);
    const covered = after.every((p) => paths.includes(p));
    this.entries.set(key, { paths: covered ? paths : [...new Set([...paths, ...after])], stamp: covered ? stamp : null, details });
    return details;
  }

  clear(): void {
    this.entries.clear();
  }

  private taskDir(key: string): string {
    const [group, id] = key.split('/') as [string, string];
    return path.join(this.projectRootAbs, '.okstra', 'tasks', group, id);
  }

  /** What every task's details are read from, whatever they hold. */
  private fixedPaths(key: string): string[] {
    const dir = this.taskDir(key);
    return [
      dir,
      path.join(dir, 'task-manifest.json'),
      path.join(dir, 'brief.md'),
      path.join(dir, 'directions'),
      path.join(dir, 'plan'),
      path.join(dir, 'plan', 'approved-plan.md'),
      path.join(dir, 'clarifications'),
      path.join(dir, 'runs'),
    ];
  }

  /** The fixed paths and the files these details name: clarification files, answers and every run's inputs. */
  private pathsOf(key: string, details: TaskDetails): string[] {
    const dir = this.taskDir(key);
    const abs = (rel: string) => path.resolve(this.projectRootAbs, rel);
    const out = this.fixedPaths(key);
    for (const q of details.questions) out.push(abs(q.path), abs(q.answersPath));
    for (const run of details.manifest.runs ?? []) if (run.inputs) out.push(path.resolve(dir, run.inputs));
    for (const d of details.directions) out.push(abs(d));
    return [...new Set(out)];
  }
}
