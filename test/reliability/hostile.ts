// Hostile values for R5 (docs/safety.md): shell syntax of every family the four
// shells know, Windows variables, history expansion, globs, control
// characters, odd Unicode, leading dashes and very long values. Every command
// fragment would create the canary file if any shell ever executed it.

export function hostileStrings(canary: string): string[] {
  const touch = `touch ${canary}`;
  const fragments = [
    ' ', 'plain', "it's", '"double"', "'", '"', '\\', '\\\\', "\\'", '\\"', '$HOME', '${HOME}', '$(' + touch + ')', '`' + touch + '`',
    '; ' + touch, ';' + touch, '&& ' + touch, '|| ' + touch, '| ' + touch, '& ' + touch, '&' + touch + '&', '> ' + canary, '>> ' + canary,
    '< /etc/passwd', '2>&1', '!', '!!', '!$', '!-1', '!#', '^x^y', 'a!b', '!' + touch, '*', '?', '[a-z]*', '**/*', '{a,b}', '{1..3}', '~',
    '~root', '=ls', '=(' + touch + ')', '%VAR%', '%PATH%', '%%', '^&', '%self', '@args', '$args', '#comment', ' #c', '--', '-x', '--version',
    '-rf /', '\n', '\n' + touch, '\r', '\r\n', '\t', '\x03', '\x04', '\x1b[31mred', '\x7f', '\x15', '\x16', '\x1a', '\x1b', 'é', 'ü', '한국어',
    '日本語', '🙂', '\u200b', '\u202e', '\u2028', '\u2029', '\u00a0', '\u2018\u2019', '\u201c\u201d', '\ufeff', '\uf600', '\ufdd0', '\uffff',
    '\u0085', 'a b', '  lead', 'trail  ', '$((1+1))', '$[1+1]', '<(' + touch + ')', '>(' + touch + ')', '(' + touch + ')', '{ ' + touch + '; }',
    "$'\\x41'", '"$(' + touch + ')"', "'$(" + touch + ")'", '\\$(' + touch + ')', '\\`' + touch + '\\`', '${IFS}', '$IFS', 'x=y', 'PATH=/nowhere',
    '$PSHOME', '$env:PATH', '`n', '--%', '&', 'a&b', 'a;b', 'a|b', 'a>b', 'a<b', 'C:\\Program Files\\x', '%~dp0', 'key=value,other', 'a,b',
    '../rel/path', './x', '$', '$$', '$?', '$!', '$#', '$@', '$*', '$0', '$1', '${!x}', '${x:-$(' + touch + ')}', 'eval ' + touch,
    'set -e', '(', ')', '{', '}', '[', ']', '\\\n', "\\'\\'", '(' + touch, 'end; ' + touch, 'begin; ' + touch + '; end', '(' + touch + ')',
    '$(' + touch + ')\n', '\'; ' + touch + '; echo \'', '"; ' + touch + '; echo "', '\u0000', 'a\u0000b',
  ];
  const out: string[] = [...fragments];
  // Pairs and triples, deterministic, so that quoting interactions are covered.
  for (let i = 0; i < fragments.length; i++) {
    const a = fragments[i];
    const b = fragments[(i * 7 + 3) % fragments.length];
    const c = fragments[(i * 13 + 5) % fragments.length];
    out.push(a + b, `x${b}${a}${c}`, `${a} ${c}`);
  }
  out.push('x'.repeat(100_000), 'é🙂'.repeat(5_000), "'".repeat(2_000), '!'.repeat(500), '$(' + touch + ')'.repeat(200), '\n'.repeat(300), 'a b '.repeat(3_000));
  // A leading dash and NUL are refused by the engine; kept among the rest on purpose.
  return [...new Set(out)];
}
