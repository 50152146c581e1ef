// R10's child: the real CLI (src/cli/main.ts runCli, the code of dist/cli.js)
// driven through a whole wizard in one process: `init --task <key>` (or, with
// an existing state file, none), then `step` with the default answer until
// the wizard is done, then `outcome`. Prints one JSON line: every command's
// exit status and error text. The parent bounds the process at 5 s.
// Usage: node walker.js <project> <state> <task key|-> [max steps]
import { runCli } from '../../../src/cli/main';
import type { PromptDoc } from '../../../src/core/types';

interface Out {
  ok?: boolean;
  error?: string;
  prompt?: PromptDoc | null;
  next?: PromptDoc | null;
  current?: PromptDoc | null;
}

function defaultAnswer(p: PromptDoc): string {
  if (p.kind === 'text') return p.default || 'README.md';
  const enabled = p.options.filter((o) => !o.disabled && o.value !== 'new' && !(p.step === 'confirm' && o.value === 'abort'));
  const def = enabled.find((o) => o.default) ?? enabled[0];
  return def ? def.value : '';
}

async function main(): Promise<void> {
  const [project, state, task, max] = process.argv.slice(2) as [string, string, string, string?];
  const env = process.env;
  const results: Array<{ argv: string[]; code: number; error?: string; internal?: boolean }> = [];
  const run = async (argv: string[]): Promise<Out | null> => {
    const r = await runCli({ argv, env, cwd: project });
    let json: Out | null = null;
    try {
      json = JSON.parse(r.stdout) as Out;
    } catch {
      json = null;
    }
    const error = json?.error ?? (r.stderr.trim() || undefined);
    results.push({ argv, code: r.exitCode, error, internal: /internal error/.test(r.stdout + r.stderr) || undefined });
    return json;
  };
  if (task !== '-') {
    const init = await run(['init', '--state', state, '--project-root', project, '--task', task, '--force']);
    // A refused init (the file named in its error) ends the walk: what follows would only say "not found".
    if (!init || init.ok === false || results[results.length - 1]!.code !== 0) {
      process.stdout.write(JSON.stringify({ results }) + '\n');
      return;
    }
  }
  let cur = await run(['step', '--state', state, '--no-submit']);
  for (let i = 0; i < Number(max ?? 40); i++) {
    const p = cur?.prompt ?? cur?.next ?? cur?.current ?? null;
    if (!p || cur?.ok === false) break;
    cur = await run(['step', '--state', state, '--answer', defaultAnswer(p)]);
    if (cur && cur.ok && !cur.next) break;
  }
  await run(['outcome', '--state', state]);
  process.stdout.write(JSON.stringify({ results }) + '\n');
}

main().catch((e) => {
  process.stdout.write(JSON.stringify({ crashed: String((e as Error)?.stack ?? e) }) + '\n');
  process.exitCode = 3;
});
