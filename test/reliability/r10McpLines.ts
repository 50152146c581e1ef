// R10 over oversized MCP lines (docs/mcp.md › Limits): the real server (`okstra-wizard mcp`, bundled) is sent a
// seeded mix of lines over stdio — valid pings (some with a BOM, a CRLF, or padded to exactly the line limit),
// lines that are not JSON, two requests on one line, requests without a method, and lines over the limit (just
// over it, over the SDK's own 10 MB buffer, 32 MB) — each split into random chunks. Counted: lines without their
// answer (a result for each valid request, -32700 / -32600 for the others, one id-less -32600 per oversized
// line), anything the server writes that is not JSON, and a server that stops serving (the SDK client's ping at
// the end, and a tool call).
import { MAX_LINE_BYTES } from '../../src/mcp/lineTransport';
import { errorFor, rawMcp, type ServerLine } from '../helpers/mcpLines';
import { bundle } from './bundle';
import { demoCopy, demoEnv, newReport, rng, type TargetReport } from './lib';

type Kind = 'ping' | 'bom' | 'crlf' | 'at-limit' | 'garbage' | 'two' | 'no-method' | 'oversized';

const OVERSIZES = [MAX_LINE_BYTES + 1, 10 * 1024 * 1024 + 1, 11 * 1024 * 1024, 32 * 1024 * 1024];

function ping(id: string, padTo?: number): string {
  const bare = `{"jsonrpc":"2.0","id":"${id}","method":"ping","params":{"_meta":{"pad":""}}}`;
  if (padTo === undefined) return bare;
  return bare.replace('"pad":""', `"pad":"${'p'.repeat(padTo - bare.length)}"`);
}

export async function runR10McpLines(opts: { seed: number; lines: number; oversized: number }): Promise<TargetReport> {
  const report = newReport(
    'R10',
    'oversized MCP lines',
    'every line answered (oversized: -32600), only JSON written, the server serves on',
    opts.seed,
  );
  const t0 = Date.now();
  const random = rng(opts.seed);
  const cli = bundle('src/cli/main.ts', 'cli');
  const project = demoCopy('r10m');
  const s = await rawMcp(cli, project, demoEnv(project));
  const expect = { results: [] as string[], byId: new Map<string, number>(), parse: 0, invalid: 0, never: [] as string[] };
  const counts = new Map<Kind, number>();
  const kinds: Kind[] = ['ping', 'bom', 'crlf', 'at-limit', 'garbage', 'two', 'no-method'];
  let oversizedLeft = opts.oversized;
  let bytes = 0;
  try {
    for (let n = 0; n < opts.lines; n++) {
      const id = `r${n}`;
      const kind: Kind =
        oversizedLeft > 0 && random() < oversizedLeft / (opts.lines - n) ? 'oversized' : kinds[Math.floor(random() * kinds.length)]!;
      if (kind === 'oversized') oversizedLeft--;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      let line: string;
      if (kind === 'ping') line = ping(id);
      else if (kind === 'bom') line = `\uFEFF${ping(id)}`;
      else if (kind === 'crlf') line = `${ping(id)}\r`;
      else if (kind === 'at-limit') line = ping(id, MAX_LINE_BYTES);
      else if (kind === 'garbage') line = `{"jsonrpc":"2.0","id":"${id}",`;
      else if (kind === 'two') line = ping(id) + ping(`${id}b`);
      else if (kind === 'no-method') line = `{"jsonrpc":"2.0","id":"${id}"}`;
      else line = ping(id, OVERSIZES[Math.floor(random() * OVERSIZES.length)]);
      if (kind === 'ping' || kind === 'bom' || kind === 'crlf' || kind === 'at-limit') expect.results.push(id);
      else if (kind === 'no-method') expect.byId.set(id, -32600);
      else if (kind === 'oversized') {
        expect.invalid++;
        expect.never.push(id);
      } else {
        expect.parse++;
        expect.never.push(id, `${id}b`);
      }
      const buf = Buffer.from(line + '\n', 'utf8');
      bytes += buf.length;
      // Random chunks: a line's bytes arrive in up to five pieces, cut anywhere (inside a BOM or before a newline too).
      const cuts = Array.from({ length: Math.floor(random() * 5) }, () => Math.floor(random() * buf.length)).sort((a, b) => a - b);
      let at = 0;
      for (const cut of [...cuts, buf.length]) {
        if (cut > at) await s.write(buf.subarray(at, cut));
        at = Math.max(at, cut);
      }
    }
    const anonymous = (lines: ServerLine[], code: number) => lines.filter((l) => l.id === null && l.error?.code === code).length;
    const answered = (lines: ServerLine[]) =>
      expect.results.every((id) => lines.some((l) => l.id === id && l.result !== undefined)) &&
      [...expect.byId].every(([id, code]) => errorFor(lines, id) === code) &&
      anonymous(lines, -32700) >= expect.parse &&
      anonymous(lines, -32600) >= expect.invalid;
    try {
      await s.waitFor('an answer to every line', answered, 120_000);
    } catch (err) {
      report.failures.push(err instanceof Error ? err.message.slice(0, 400) : String(err));
    }
    const lines = s.lines();
    if (anonymous(lines, -32700) !== expect.parse)
      report.failures.push(`${anonymous(lines, -32700)} parse errors for ${expect.parse} lines`);
    if (anonymous(lines, -32600) !== expect.invalid)
      report.failures.push(`${anonymous(lines, -32600)} id-less invalid requests for ${expect.invalid} oversized lines`);
    for (const id of expect.never) if (lines.some((l) => l.id === id)) report.failures.push(`${id} was answered as if it were a request`);
    await s.client.ping();
    const call = (await s.client.callTool({ name: 'wizard_init', arguments: { task: 'payments/refund-queue' } })) as { isError?: boolean };
    if (call.isError) report.failures.push('wizard_init failed after the hostile lines');
  } catch (err) {
    report.failures.push(`the server stopped serving: ${err instanceof Error ? err.message.slice(0, 400) : String(err)}`);
  } finally {
    await s.close();
  }
  report.tried.push(
    `${opts.lines} lines (${(bytes / 1024 / 1024).toFixed(1)} MB) in random chunks: ${[...counts].map(([k, v]) => `${v} ${k}`).join(', ')}`,
  );
  report.found.push(`${s.lines().length} answers${report.failures.length === 0 ? '; the server served on afterwards' : ''}`);
  report.seconds = (Date.now() - t0) / 1000;
  return report;
}
