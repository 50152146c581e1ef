// Shared body of the demo's agent CLI stand-ins (claude, codex, antigravity, grok, kimi).
// Not a command itself (no exec bit): each stand-in requires it with its provider name.
'use strict';

module.exports = function standIn(provider) {
  const args = process.argv.slice(2);
  const out = [`${provider} (demo stand-in): asked to run with ${args.length} argument${args.length === 1 ? '' : 's'}`];
  for (const arg of args) out.push(JSON.stringify(arg));
  out.push(`${provider} (demo stand-in): working directory ${JSON.stringify(process.cwd())}`);
  out.push(`${provider} (demo stand-in): no model was called; this is the okstra-wizard demo.`);
  process.stdout.write(out.join('\n') + '\n');
};
