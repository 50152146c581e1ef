// src/vscode/commandIds.ts against package.json: every contributed command is in the table and every table
// entry is contributed; menus, keybindings and when-clauses name only those commands and context keys.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ALL_COMMAND_IDS, CONTEXT_KEYS, VIEW_IDS } from '../../../src/vscode/commandIds';

const root = path.resolve(__dirname, '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const ids = new Set<string>(ALL_COMMAND_IDS);

describe('vscode command ids (commandIds.ts) and package.json', () => {
  it('contributes exactly the commands of the table (okstra.showOutput and okstra.promptBack included)', () => {
    const contributed = (pkg.contributes.commands as Array<{ command: string }>).map((c) => c.command).sort();
    assert.deepEqual(contributed, [...ids].sort());
    assert.ok(ids.has('okstra.showOutput') && ids.has('okstra.promptBack'));
  });

  it('names only table commands in menus and keybindings', () => {
    for (const [menu, items] of Object.entries(pkg.contributes.menus as Record<string, Array<{ command: string }>>)) {
      for (const item of items) assert.ok(ids.has(item.command), `menu ${menu}: ${item.command} is not in commandIds.ts`);
    }
    for (const k of pkg.contributes.keybindings as Array<{ command: string }>) assert.ok(ids.has(k.command), `keybinding ${k.command}`);
  });

  it("uses only the table's context keys (okstra.*) in when-clauses, and the table's view ids", () => {
    const keys = new Set<string>(Object.values(CONTEXT_KEYS));
    const whens = JSON.stringify(pkg.contributes).match(/"(?:when|enablement)":\s*"[^"]*"/g) ?? [];
    for (const w of whens) {
      for (const key of w.match(/okstra\.[A-Za-z]+(?:\.[A-Za-z]+)?/g) ?? []) {
        if (key === VIEW_IDS.wizard || key === VIEW_IDS.tasks) continue;
        assert.ok(keys.has(key as never), `${w} names ${key}, which commandIds.ts does not set`);
      }
    }
    assert.equal(pkg.contributes.viewsContainers.activitybar[0].id, VIEW_IDS.container);
    assert.deepEqual(
      pkg.contributes.views[VIEW_IDS.container].map((v: { id: string }) => v.id),
      [VIEW_IDS.wizard, VIEW_IDS.tasks],
    );
  });

  it('activates on the okstra folder only (commands and the view activate by themselves)', () => {
    assert.deepEqual(pkg.activationEvents, ['workspaceContains:.okstra']);
  });
});
