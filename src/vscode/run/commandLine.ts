// The command line shown on the confirmation (and copied): the argv quoted for the default terminal shell.
// Pure (no vscode): the shell's path comes from the window seam.

import { detectShell, quoteCommandLine } from '../../core/run';

export interface DisplayedCommandLine {
  line: string;
  shell: string;
  /** Why the argv cannot be typed into that shell (the JSON argv is shown instead). */
  error?: string;
}

export function commandLineForDisplay(argv: readonly string[], commandLength: number, shellPath: string): DisplayedCommandLine {
  const detected = detectShell(shellPath);
  const shell = detected.ok ? detected.shell : 'bash';
  const quoted = quoteCommandLine(argv, shell, { commandLength });
  if (quoted.ok) return { line: quoted.line, shell };
  return { line: JSON.stringify(argv), shell, error: quoted.error };
}
