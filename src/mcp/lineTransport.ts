// The server's stdio transport (docs/mcp.md › Limits): the SDK's StdioServerTransport, fed through a line guard
// so that every line gets an answer. The SDK's transport drops a line that is not one JSON-RPC message without a
// word (the client waits forever) and closes itself on a line over its buffer. The guard, in front of it, frames
// the input into lines; a line that is not JSON gets -32700 (parse error), JSON that is not one JSON-RPC message
// (no `method`, an array) gets -32600 (invalid request) with the request's id when it has one, a line over
// MAX_LINE_BYTES is skipped as it arrives (never held in memory) and gets -32600, and a UTF-8 BOM at the start of
// a line is dropped. Every other line goes on, unchanged, to the SDK's transport, which parses, dispatches and
// sends as it always does. Nothing a client sends ends the server but the end of its input.
import { PassThrough } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** The longest line taken (4 MiB): a state file is at most 1 MiB, so no tool call needs more. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

function idOf(value: unknown): string | number | null {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** Why a line is refused (its JSON-RPC error), or null for one JSON-RPC message (`text` without BOM and CR). */
function lineProblem(text: string): { code: number; message: string; id: string | number | null } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { code: PARSE_ERROR, message: 'Parse error: the line is not one JSON value (one JSON-RPC message per line)', id: null };
  }
  if (JSONRPCMessageSchema.safeParse(value).success) return null;
  return {
    code: INVALID_REQUEST,
    message: 'Invalid Request: not a JSON-RPC 2.0 message (jsonrpc "2.0", a method, an id for a request)',
    id: idOf(value),
  };
}

export class LineTransport extends StdioServerTransport {
  /** What the SDK's transport reads: the lines that passed the guard. */
  private readonly lines: PassThrough;
  private chunks: Buffer[] = [];
  private size = 0;
  /** The current line is over the limit: its bytes are dropped until its newline. */
  private skipping = false;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {
    const lines = new PassThrough();
    super(lines, output as typeof process.stdout);
    this.lines = lines;
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let nl = buf.indexOf(0x0a); nl !== -1; nl = buf.indexOf(0x0a)) {
      this.take(buf.subarray(0, nl));
      this.endLine();
      buf = buf.subarray(nl + 1);
    }
    if (buf.length > 0) this.take(buf);
  };

  private readonly onEnd = (): void => {
    if (this.size > 0 || this.skipping) this.endLine();
    // The lines already passed on are read by the SDK's transport before it closes.
    this.lines.end();
  };

  private readonly onInputError = (err: Error): void => this.onerror?.(err);

  private take(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    if (this.size + part.length > this.maxLineBytes) {
      this.skipping = true;
      this.chunks = [];
      this.size = 0;
      return;
    }
    this.chunks.push(Buffer.from(part));
    this.size += part.length;
  }

  private endLine(): void {
    if (this.skipping) {
      this.skipping = false;
      this.reply(
        INVALID_REQUEST,
        `Invalid Request: a line over ${this.maxLineBytes} bytes (the server's limit; docs/mcp.md › Limits)`,
        null,
      );
      return;
    }
    let text = Buffer.concat(this.chunks).toString('utf8');
    this.chunks = [];
    this.size = 0;
    if (text.startsWith('\uFEFF')) text = text.slice(1);
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim() === '') return;
    const problem = lineProblem(text);
    if (problem) this.reply(problem.code, problem.message, problem.id);
    else if (!this.lines.write(text + '\n')) {
      // The SDK's transport reads behind: the input waits for it.
      this.input.pause();
      this.lines.once('drain', () => this.input.resume());
    }
  }

  private reply(code: number, message: string, id: string | number | null): void {
    this.output.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) + '\n');
  }

  override async start(): Promise<void> {
    await super.start();
    this.lines.once('end', () => void this.close());
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onInputError);
  }

  override async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onInputError);
    const wasOpen = !this.lines.destroyed;
    this.lines.destroy();
    if (wasOpen) await super.close();
  }
}
