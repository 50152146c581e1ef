// What `npm start` (scripts/start.mjs) prints once VS Code is up: the URL, the next steps, the sample project, and
// what in the environment changes the demo (OKSTRA_DEMO_EXIT makes the stand-in okstra fail on purpose,
// OKSTRA_DEMO_SECONDS makes each Run take its time).

/**
 * @param {{ url: string, port: number, wanted: number, workspace: string, copy: string, env: Record<string, string | undefined> }} o
 *   `workspace` and `copy` as the user should read them (relative to the repository)
 * @returns {string}
 */
export function startBanner({ url, port, wanted, workspace, copy, env }) {
  const notes = [];
  const exit = env.OKSTRA_DEMO_EXIT;
  if (exit !== undefined && exit !== '') {
    // The stand-in's own rule (demo/.demo-bin/okstra).
    const n = Number(exit);
    if (!Number.isInteger(n) || n < 0 || n > 255)
      notes.push(`OKSTRA_DEMO_EXIT=${exit}: not an exit status (0..255), so the demo's stand-in okstra refuses every Run (exit 2)`);
    else if (n !== 0) notes.push(`OKSTRA_DEMO_EXIT=${exit}: the demo's stand-in okstra exits with ${n}, so every Run fails on purpose`);
  }
  const seconds = env.OKSTRA_DEMO_SECONDS;
  if (seconds !== undefined && seconds !== '') {
    // The stand-in's own rule (demo/.demo-bin/okstra): a number of seconds 0..3600, else no wait.
    const n = Number(seconds);
    if (!Number.isFinite(n) || n < 0 || n > 3600)
      notes.push(`OKSTRA_DEMO_SECONDS=${seconds}: not a number of seconds (0..3600), so the demo's stand-in okstra does not wait`);
    else if (n > 0)
      notes.push(
        `OKSTRA_DEMO_SECONDS=${seconds}: each Run of the demo's stand-in okstra takes ${n} s (watch it run, stop it with okstra: Stop Run)`,
      );
  }
  return [
    '',
    `okstra-wizard is running in VS Code (code-server on 127.0.0.1:${port}${port === wanted ? '' : `, because port ${wanted} is taken`}):`,
    '',
    `  ${url}`,
    '',
    '  1. Open that URL in a browser.',
    '  2. Start a wizard: F1 › okstra: New Run…, or click the okstra icon in the activity bar.',
    '',
    `  sample project: ${workspace} (${copy})`,
    ...notes.map((n) => `  ${n}`),
    '  sources are rebuilt on change; reload the window (F1 › Developer: Reload Window) to load them',
    '  Ctrl+C stops',
    '',
  ].join('\n');
}
