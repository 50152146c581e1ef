// The server's stdio transport (docs/mcp.md › Limits): one JSON-RPC message per line, and an answer to every
// line. A line that is not JSON gets -32700 (parse error), JSON that is not one JSON-RPC message (no `method`,
// an array, two objects on one line) gets -32600 (invalid request), with the request's id when it has one; a
// line over MAX_LINE_BYTES is skipped as it arrives (never held in memory) and gets -32600; a UTF-8 BOM at the
// start of a line is ignored. A response to a line without an id has no `id` (as MCP's schema has it; the SDK's
// client refuses `id: null`). Nothing a client sends ends the server but the end of its input.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The longest line taken (4 MiB): a state file is at most 1 MiB, so no tool call needs more. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

function idOf(value: unknown): string | number | null {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** The current line is over the limit: its bytes are dropped until its newline. */
  private skipping = false;
  private closed = false;

  constructor(
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: NodeJS.WritableStream,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

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
    void this.close();
  };

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
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.reply(PARSE_ERROR, 'Parse error: the line is not one JSON value (one JSON-RPC message per line)', null);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.reply(
        INVALID_REQUEST,
        'Invalid Request: not a JSON-RPC 2.0 message (jsonrpc "2.0", a method, an id for a request)',
        idOf(value),
      );
      return;
    }
    try {
      this.onmessage?.(parsed.data);
    } catch (err) {
      this.onerror?.(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /** An error response; without an id when the line had none (MCP's JSONRPCErrorResponse has `id` optional, not null). */
  private reply(code: number, message: string, id: string | number | null): void {
    const response = id === null ? { jsonrpc: '2.0', error: { code, message } } : { jsonrpc: '2.0', id, error: { code, message } };
    this.stdout.write(JSON.stringify(response) + '\n');
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('error', (err: Error) => this.onerror?.(err));
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(JSON.stringify(message) + '\n')) resolve();
      else this.stdout.once('drain', () => resolve());
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.onclose?.();
  }
}
