// What a long-lived front end compares to know that a wizard it holds is still what its files say (the MCP server's
// open wizards, src/mcp/servedProject.ts): the stat stamp of the files the wizard was read from (src/io/pathStamp.ts).
import { stampOfPaths } from '../io/pathStamp';
import type { HostWizard } from './wizard';

/** Equal stamps: none of the wizard's files was replaced or changed since it was read or written. */
export function stampOfWizardFiles(wizard: HostWizard): string {
  return stampOfPaths(wizard.handle ? wizard.handle.expected.map((e) => e.path) : []);
}
