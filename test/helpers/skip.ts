// A test never skips silently (CONTRIBUTING.md › Tests). What it cannot do here is said with its reason:
//   needTool(ctx, have, reason)  a tool the test drives (a shell, code-server, tsx). In CI (CI=true, where .ci/run
//                                installs every tool) a missing tool fails the test; anywhere else it is skipped,
//                                and the reason is printed.
//   skipHere(ctx, reason)        what this platform cannot have (a FIFO on Windows): always a printed skip.
// `ctx` is the mocha context (`this` of a `function () {}` hook or test).

/** Skips with the reason printed, as mocha's `this.skip()` (never returns). */
export function skipHere(ctx: Mocha.Context, reason: string): never {
  console.log(`      SKIPPED: ${reason}`);
  ctx.skip();
}

/** Fails in CI, else skips with the reason printed, when `have` is false. */
export function needTool(ctx: Mocha.Context, have: boolean, reason: string): void {
  if (have) return;
  if (process.env.CI === 'true') throw new Error(`${reason} (CI=true: every tool the tests use must be installed)`);
  skipHere(ctx, reason);
}
