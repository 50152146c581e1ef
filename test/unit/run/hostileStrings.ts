// Hostile values for the quoting tests (docs/safety.md R5): shell syntax, control
// characters, globs, Windows variables, Unicode, leading dashes, long values.
// `canary` is a path that exists only if some fragment was executed.

export function hostileStrings(canary: string): string[] {
  const touch = `touch ${canary}`;
  const fragments = [
    '', ' ', 'plain', "it's", '"double"', "'", '"', '\\', '\\\\', "\\'", '$HOME', '${HOME}', '$(' + touch + ')',
    '`' + touch + '`', '; ' + touch, '&& ' + touch, '|| ' + touch, '| ' + touch, '& ' + touch, '> ' + canary,
    '!', '!!', '!$', '!-1', '^foo^bar', 'a!b', '*', '?', '[a-z]*', '{a,b}', '~', '~root', '=ls', '%VAR%', '%PATH%',
    '%self', '@args', '#comment', '-', '--', '-rf /', '--version', '-n', '\n', '\r', '\r\n', '\t', '\x03', '\x04',
    '\x1b[31m', '\x7f', '\x15', '\x16', '\x1a', 'é', 'ü', '한국어', '日本語', '🙂', '\u200b', '\u202e', '\u2028',
    '\u00a0', '\u2018\u2019', '\u201c\u201d', '\ufeff', '\uf600', '\ufdd0', '\uffff', 'a b', '  lead', 'trail  ',
    '$((1+1))', '$[1+1]', '<(' + touch + ')', '>(' + touch + ')', '(' + touch + ')', '{ ' + touch + '; }',
    '$' + "'\\x41'", '"$(' + touch + ')"', "'$(" + touch + ")'", '\\$(' + touch + ')', '\\`' + touch + '\\`',
    '${IFS}', 'x=y', 'PATH=/nowhere', '$PSHOME', '$env:PATH', '`n', '--%', '&', 'a&b', 'C:\\Program Files\\x',
    'key=value,other', 'a,b', '/abs/path with space/file.md', '../rel/path', './x', 'x\u0001y',
  ];
  const out: string[] = [...fragments];
  // Pairs and triples of fragments, deterministic, so interactions are covered.
  for (let i = 0; i < fragments.length; i++) {
    const a = fragments[i];
    const b = fragments[(i * 7 + 3) % fragments.length];
    const c = fragments[(i * 13 + 5) % fragments.length];
    out.push(a + b, b + a + c, `${a}x${c}`, `-${b}${a}`);
  }
  out.push('x'.repeat(100_000), 'é🙂'.repeat(5_000), "'".repeat(2_000), '!'.repeat(500), '\n'.repeat(300));
  return out;
}
