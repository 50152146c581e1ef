// The MCP server as an agent sees it: `okstra-wizard mcp` (the CLI bundle the
// unit tests build, cliHarness.buildCli) spawned over stdio by the official
// SDK's own client, on a fresh copy of demo/.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createWizardServer } from '../../../src/mcp/server';
import { ServedProject } from '../../../src/mcp/servedProject';
import { buildCli, tempDir } from '../cli/cliHarness';

const DEMO = path.resolve(__dirname, '..', '..', '..', 'demo');

/** A fresh copy of demo/ (the wizard writes state files next to the tasks). */
export function demoCopy(): string {
  const dest = path.join(tempDir('okstra-mcp-'), 'acme-payments');
  fs.cpSync(DEMO, dest, { recursive: true });
  return dest;
}

/** A copy of demo/ whose payments/refund-queue has its newest run's agents made config.yaml's usual-panel team, its oldest inputs.json gone. */
export function runsProject(): string {
  const project = demoCopy();
  const runs = path.join(project, '.okstra', 'tasks', 'payments', 'refund-queue', 'runs');
  const newest = path.join(runs, '2026-11-26-1', 'inputs.json');
  const inputs = JSON.parse(fs.readFileSync(newest, 'utf8'));
  inputs.roleModels = {
    leader: ['claude/opus-4.5'],
    planner: ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'],
    'report-writer': ['claude/sonnet-4.5'],
  };
  inputs.roleCounts = { planner: 2, critic: 0 };
  fs.writeFileSync(newest, JSON.stringify(inputs));
  fs.rmSync(path.join(runs, '2026-11-18-1', 'inputs.json'));
  return project;
}

/** The demo's machine: its stand-in CLIs on PATH, VS Code's terminal backend, English, nothing else. */
export function demoEnv(project: string): Record<string, string> {
  const bin = path.join(project, '.demo-bin');
  return {
    PATH: `${bin}${path.delimiter}${path.dirname(process.execPath)}`,
    HOME: os.tmpdir(),
    OKSTRA_TERMINAL_BACKEND: 'vscode-terminal',
  };
}

export interface ToolCall {
  isError: boolean;
  /** structuredContent of a success; the parsed JSON text of an error. */
  doc: any;
  text: string;
}

export interface McpSession {
  client: Client;
  /** The client's transport (a child process's stdio, or the in-memory pair). */
  transport: Transport;
  call(name: string, args: Record<string, unknown>): Promise<ToolCall>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** The server's environment (default: the demo's machine, demoEnv). */
  env?: Record<string, string>;
  /** The client's name in `initialize` (clientInfo.name). */
  clientName?: string;
}

/** Starts `okstra-wizard mcp --project-root <project>` and connects the SDK client to it. */
export async function startServer(project: string, options: ServerOptions = {}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [buildCli(), 'mcp', '--project-root', project],
    env: options.env ?? demoEnv(project),
    cwd: project,
    stderr: 'pipe',
  });
  const client = new Client({ name: options.clientName ?? 'okstra-wizard-tests', version: '0.0.0' });
  await client.connect(transport);
  return sessionOf(client, transport);
}

/** A connected SDK client as a session: `call` answers the document (structuredContent) or the refusal (its JSON text). */
function sessionOf(client: Client, transport: Transport): McpSession {
  return {
    client,
    transport,
    async call(name, args) {
      const r = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        content: Array<{ type: string; text?: string }>;
        structuredContent?: unknown;
      };
      const text = r.content.find((c) => c.type === 'text')?.text ?? '';
      return { isError: r.isError === true, doc: r.isError ? JSON.parse(text) : r.structuredContent, text };
    },
    close: () => client.close(),
  };
}

/** The answer the demo walk gives: `run` at confirm, the default option or text, else the first enabled option. */
export function walkAnswer(prompt: any, answers: Record<string, string> = {}): string {
  if (answers[prompt.step] !== undefined) return answers[prompt.step];
  if (prompt.step === 'confirm') return 'run';
  if (prompt.kind === 'text') return prompt.default ?? '';
  const enabled = (prompt.options as any[]).filter((o) => !o.disabled);
  return (enabled.find((o) => o.default) ?? enabled[0]).value;
}

const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');

/** The MCP server's host for a project, in this process (the demo's machine unless `host` is given). */
export function mcpHostOf(project: string): ServedProject {
  return new ServedProject({ projectRootAbs: project, builtinProfilesDir: PROFILES, env: demoEnv(project), cwd: project });
}

/** The SDK client connected to the server over `host` in this process; `call` answers the document (or the refusal). */
export async function inProcessMcp(host: ServedProject): Promise<McpSession> {
  const server = createWizardServer(host, '0.0.0');
  const [s, c] = InMemoryTransport.createLinkedPair();
  await server.connect(s);
  const client = new Client({ name: 'okstra-wizard-tests', version: '0.0.0' });
  await client.connect(c);
  return sessionOf(client, c);
}
