// What a long-lived process compares to know that files it read are unchanged (the workspace's task details,
// src/workspace/taskDetailsCache.ts; the MCP server's state files and environment, src/mcp/servedProject.ts; the
// Tasks view's poll, src/vscode/tasks/taskBoard.ts).
import * as fs from 'node:fs';

/**
 * Inode, size, mtime and ctime (ns) of each path, `-` for a missing one (symbolic links followed): equal stamps mean
 * nothing was replaced or changed.
 */
export function stampOfPaths(paths: readonly string[]): string {
  return paths
    .map((p) => {
      try {
        return stampOf(fs.statSync(p, { bigint: true, throwIfNoEntry: false }));
      } catch (e) {
        // A PATH entry that stat() refuses (a file as a folder, a link loop, no permission) is stamped by its error.
        return `!${(e as NodeJS.ErrnoException).code ?? 'error'}`;
      }
    })
    .join('|');
}

function stampOf(st: fs.BigIntStats | undefined): string {
  return st ? `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}` : '-';
}

/** The stamp of one path without blocking (`-`: nothing there, or nothing that can be stat'ed). */
export async function stampOfPath(p: string): Promise<string> {
  return stampOf(await fs.promises.stat(p, { bigint: true }).catch(() => undefined));
}
