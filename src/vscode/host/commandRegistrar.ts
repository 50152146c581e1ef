// The one place the extension registers its commands: each id of a command table (src/vscode/commandIds.ts) with
// its handler, through the window seam. A handler that throws never reaches the user as a raw exception: the
// message is shown, the stack goes to the log.

import type { Disposable, HostWindow, Log } from './window';

export type CommandHandler = (...args: never[]) => unknown;

/**
 * Registers `handlers[name]` as `ids[name]` for every name of the table; returns the registrations. `ran` hears
 * every command id as it starts (the walkthrough's check marks, src/vscode/walkthrough.ts).
 */
export function registerCommands<Name extends string>(
  host: HostWindow,
  log: Log,
  ids: Readonly<Record<Name, string>>,
  handlers: Readonly<Record<Name, CommandHandler>>,
  ran?: (id: string) => void,
): Disposable[] {
  return (Object.keys(ids) as Name[]).map((name) => {
    const id = ids[name];
    const handler = handlers[name] as (...args: unknown[]) => unknown;
    return host.registerCommand(id, async (...args: unknown[]) => {
      log.debug(`command ${id}`);
      ran?.(id);
      try {
        return await handler(...args);
      } catch (err) {
        log.error(`${id} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        void host.showMessage('error', err instanceof Error ? err.message : String(err), {}, []);
        return undefined;
      }
    });
  });
}
