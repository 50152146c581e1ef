// `okstra-wizard mcp` as a real child process, with the official SDK's client on its stdio and the raw pipe
// beside it: a test writes hostile lines straight into the server's stdin and reads every line the server
// writes back, and the SDK client shows that the server still serves afterwards. (The client side uses the SDK's
// stdio transport class, reading the child's stdout and writing its stdin.)
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/** One line the server wrote: a JSON-RPC response (or a notification). */
export interface ServerLine {
  id?: string | number | null;
  result?: unknown;
  error?: { code: number; message: string };
}

export interface RawMcp {
  client: Client;
  child: ChildProcessWithoutNullStreams;
  /** Every line the server wrote so far, parsed (a line that is not JSON fails the session). */
  lines(): ServerLine[];
  /** Writes bytes straight into the server's stdin (waits for the pipe to take them; a closed pipe shows in waitFor). */
  write(bytes: string | Buffer): Promise<void>;
  /** Waits until `done(lines)` holds, or fails after `ms` naming `what` and the lines seen. */
  waitFor(what: string, done: (lines: ServerLine[]) => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function rawMcp(cliJs: string, project: string, env: NodeJS.ProcessEnv): Promise<RawMcp> {
  const child = spawn(process.execPath, [cliJs, 'mcp', '--project-root', project], { env, cwd: project, stdio: 'pipe' });
  const seen: ServerLine[] = [];
  const notJson: string[] = [];
  let rest = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  // A server that exited closes the pipe: waitFor reports the exit, not an unhandled EPIPE.
  child.stdin.on('error', () => undefined);
  child.stdout.on('data', (c: Buffer) => {
    const parts = (rest + c.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const p of parts) {
      try {
        seen.push(JSON.parse(p) as ServerLine);
      } catch {
        notJson.push(p);
      }
    }
  });
  const client = new Client({ name: 'okstra-wizard-tests', version: '0.0.0' });
  await client.connect(new StdioServerTransport(child.stdout, child.stdin));
  const lines = () => {
    if (notJson.length) throw new Error(`the server wrote a line that is not JSON: ${notJson[0].slice(0, 200)}`);
    return seen;
  };
  return {
    client,
    child,
    lines,
    write: (bytes) => new Promise((resolve) => child.stdin.write(bytes, () => resolve())),
    async waitFor(what, done, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (!done(lines())) {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before ${what}; stderr: ${stderr}`);
        if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms; lines: ${JSON.stringify(seen).slice(0, 2000)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await client.close();
      if (child.exitCode === null) {
        child.stdin.end();
        await new Promise<void>((resolve) => {
          if (child.exitCode !== null) resolve();
          else child.once('exit', () => resolve());
        });
      }
    },
  };
}

/** The JSON-RPC error code the server answered request `id` with, or null. */
export function errorFor(lines: ServerLine[], id: string | number | null): number | null {
  return lines.find((l) => l.id === id && l.error)?.error?.code ?? null;
}
