// The extension manifest (package.json `contributes` & co.) against what the product promises (README.md,
// docs/performance.md P4) and against itself: every %placeholder% translated in English and Korean, every menu entry
// pointing at a contributed command, settings whose defaults are valid.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMAND_IDS } from '../../../src/vscode/commandIds';

const root = path.resolve(__dirname, '../../..');
const read = (f: string) => JSON.parse(fs.readFileSync(path.join(root, f), 'utf8'));
const pkg = read('package.json');
const nls: Record<string, string> = read('package.nls.json');
const nlsKo: Record<string, string> = read('package.nls.ko.json');

const COMMANDS: string[] = Object.values(COMMAND_IDS);

interface Command {
  command: string;
  title: string;
  category?: string;
  icon?: string;
}
interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}

function placeholders(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(/^%([^%\s]+)%$/g)].map((m) => m[1]);
  if (Array.isArray(value)) return value.flatMap(placeholders);
  if (value && typeof value === 'object') return Object.values(value).flatMap(placeholders);
  return [];
}

const version = (v: string) =>
  v
    .replace(/^[\^~]/, '')
    .split('.')
    .map(Number);
const atMost = (a: number[], b: number[]) => a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] <= b[2])));

describe('foundation: extension manifest', () => {
  it('keeps the identity, entry points and an engine the test VS Code (1.100.3) can load', () => {
    assert.equal(pkg.name, 'okstra-wizard');
    assert.equal(pkg.main, './dist/extension.js');
    assert.deepEqual(pkg.bin, { 'okstra-wizard': 'dist/cli.js' });
    assert.ok(atMost(version(pkg.engines.vscode), [1, 100, 3]), `engines.vscode ${pkg.engines.vscode} exceeds 1.100.3`);
    assert.ok(
      atMost(version(pkg.devDependencies['@types/vscode']), version(pkg.engines.vscode)),
      '@types/vscode must not be newer than engines.vscode',
    );
  });

  it('activates only on workspaceContains:.okstra besides its commands and view (P4)', () => {
    assert.deepEqual(pkg.activationEvents, ['workspaceContains:.okstra']);
  });

  it('contributes the okstra commands, all in category okstra', () => {
    const commands: Command[] = pkg.contributes.commands;
    const ids = commands.map((c) => c.command);
    for (const id of COMMANDS) assert.ok(ids.includes(id), `${id} is not contributed`);
    for (const c of commands) {
      assert.match(c.command, /^okstra\./, `${c.command} is outside the okstra namespace`);
      assert.equal(c.category, 'okstra', `${c.command} category`);
      assert.match(c.title, /^%command\.\w+\.title%$/, `${c.command} title is a placeholder`);
    }
  });

  it('points every menu entry at a contributed command, with an icon where it shows as a button', () => {
    const commands = new Map<string, Command>(pkg.contributes.commands.map((c: Command) => [c.command, c]));
    for (const [menu, items] of Object.entries(pkg.contributes.menus as Record<string, MenuItem[]>)) {
      for (const item of items) {
        assert.ok(commands.has(item.command), `menu ${menu} names ${item.command}, which is not contributed`);
        if (item.group === 'inline' || item.group?.startsWith('navigation')) {
          assert.ok(commands.get(item.command)?.icon, `${item.command} shows as an icon in ${menu} but has none`);
        }
      }
    }
    const palette = new Map<string, string | undefined>(pkg.contributes.menus.commandPalette.map((m: MenuItem) => [m.command, m.when]));
    assert.equal(palette.get('okstra.editFromHere'), 'false', 'Edit from Here is a tree-row action only');
    for (const id of ['okstra.run', 'okstra.runAgain']) {
      assert.equal(palette.get(id), 'okstra.hasWizard && isWorkspaceTrusted', `${id} in the palette`);
    }
    const inline = pkg.contributes.menus['view/item/context'].find((m: MenuItem) => m.group === 'inline');
    assert.equal(inline?.command, 'okstra.editFromHere');
    assert.match(inline?.when ?? '', /viewItem =~ \/editable\//);
  });

  it('has the okstra activity-bar container with the Wizard tree and a New Run welcome button', () => {
    const [container] = pkg.contributes.viewsContainers.activitybar;
    assert.equal(container.id, 'okstra');
    const icon = fs.readFileSync(path.join(root, container.icon), 'utf8');
    assert.match(icon, /<svg[^>]*width="24"[^>]*height="24"/);
    assert.deepEqual(
      pkg.contributes.views.okstra.map((v: { id: string }) => v.id),
      ['okstra.wizard', 'okstra.tasks'],
    );
    const welcome = pkg.contributes.viewsWelcome.filter((w: { view: string }) => w.view === 'okstra.wizard');
    assert.ok(welcome.some((w: { contents: string }) => nls[w.contents.slice(1, -1)]?.includes('(command:okstra.newRun)')));
    const tasksWelcome = pkg.contributes.viewsWelcome.filter((w: { view: string }) => w.view === 'okstra.tasks');
    assert.ok(
      tasksWelcome.some((w: { contents: string }) => nls[w.contents.slice(1, -1)]?.includes('(command:okstra.tasks.createTask)')),
      'the Tasks view welcome offers Create a Task…',
    );
  });

  it('declares the settings with valid defaults', () => {
    const props = pkg.contributes.configuration.properties;
    assert.deepEqual(Object.keys(props).sort(), [
      'okstra.command',
      'okstra.confirmBeforeRun',
      'okstra.hostEntryMode',
      'okstra.hostRuntime',
      'okstra.modelDefaults',
      'okstra.providers',
      'okstra.runIn',
      'okstra.teams',
    ]);
    assert.deepEqual(props['okstra.hostRuntime'].enum, ['claude-code', 'codex', 'antigravity', 'vscode']);
    assert.equal(props['okstra.hostRuntime'].default, 'claude-code');
    assert.deepEqual(props['okstra.hostEntryMode'].enum, ['current-session', 'spawn-process']);
    assert.equal(props['okstra.hostEntryMode'].default, 'spawn-process');
    assert.deepEqual(props['okstra.runIn'].enum, ['task', 'shell']);
    assert.equal(props['okstra.runIn'].default, 'task');
    for (const [key, p] of Object.entries(props as Record<string, { enum?: unknown[]; default: unknown; markdownDescription?: string }>)) {
      if (p.enum) assert.ok(p.enum.includes(p.default), `${key}: default ${String(p.default)} is not in its enum`);
      assert.ok(p.markdownDescription, `${key} has no description`);
    }
    const untrusted = pkg.capabilities.untrustedWorkspaces;
    assert.equal(untrusted.supported, 'limited');
    assert.ok(untrusted.description);
    for (const key of untrusted.restrictedConfigurations) assert.ok(props[key], `restricted ${key} is not a setting`);
  });

  it('translates every %placeholder% in English and Korean, and no more', () => {
    const used = new Set(placeholders(pkg));
    for (const key of used) {
      assert.ok(nls[key], `package.nls.json lacks ${key}`);
      assert.ok(nlsKo[key], `package.nls.ko.json lacks ${key}`);
    }
    assert.deepEqual(
      Object.keys(nls).filter((k) => !used.has(k)),
      [],
      'unused keys in package.nls.json',
    );
    assert.deepEqual(Object.keys(nlsKo).sort(), Object.keys(nls).sort(), 'package.nls.ko.json and package.nls.json differ in keys');
  });
});
