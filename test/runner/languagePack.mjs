// A minimal VS Code language pack, built and installed into a test sandbox, so that the workbench really runs in
// another display language. VS Code decides `vscode.env.language` from the display language (--locale, argv.json)
// only when a language pack for it is installed: installing one writes `languagepacks.json` into the user data
// folder, which the server reads to resolve the language (for the workbench and the extension host alike). Without
// it, `--locale ko` falls back to English. The marketplace's packs are not on the npm registry; this pack
// translates none of VS Code's own strings (they stay English), and that is all the extension needs: it brings
// its own Korean (package.nls.ko.json, l10n/bundle.l10n.ko.json, src/core/text/ko.ts).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** A zip archive whose entries are stored (not compressed): enough for a .vsix that VS Code reads. */
export function storedZip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const NAMES = { ko: ['Korean', '한국어'] };

/** The .vsix of a language pack for `languageId` (its translation of VS Code's own strings is empty). */
export function languagePackVsix(languageId, vscodeVersion = '1.100.0') {
  const [languageName, localizedLanguageName] = NAMES[languageId] ?? [languageId, languageId];
  const manifest = {
    name: `test-language-pack-${languageId}`,
    displayName: `${languageName} language pack (tests)`,
    publisher: 'okstra-tests',
    version: '1.0.0',
    engines: { vscode: `^${vscodeVersion}` },
    categories: ['Language Packs'],
    contributes: {
      localizations: [
        { languageId, languageName, localizedLanguageName, translations: [{ id: 'vscode', path: './translations/main.i18n.json' }] },
      ],
    },
  };
  return storedZip([
    ['extension/package.json', JSON.stringify(manifest, null, 2)],
    ['extension/translations/main.i18n.json', JSON.stringify({ version: '1.0.0', contents: {} })],
  ]);
}

/**
 * Installs the language pack for `languageId` into the sandbox's extensions folder with code-server's own
 * `--install-extension`, and registers it in the user data folder's `languagepacks.json` as the server does after an
 * install from the workbench (platform/languagePacks/node/languagePacks.ts: its id, version, translations and an md5
 * of id and version); code-server's command-line install leaves that file out. Start code-server with
 * `--locale <languageId>` after.
 */
export function installLanguagePack({ codeServer, sandbox, languageId }) {
  const vsix = path.join(sandbox.dir, `language-pack-${languageId}.vsix`);
  fs.writeFileSync(vsix, languagePackVsix(languageId));
  const args = ['--install-extension', vsix, '--extensions-dir', sandbox.extensionsDir, '--user-data-dir', sandbox.userDataDir];
  const r = spawnSync(codeServer, [...args, '--config', path.join(sandbox.dir, 'config.yaml')], {
    encoding: 'utf8',
    env: sandbox.env,
    timeout: 120_000,
  });
  const dir = fs.readdirSync(sandbox.extensionsDir).find((d) => d.startsWith(`okstra-tests.test-language-pack-${languageId}-`));
  if (r.status !== 0 || !dir)
    throw new Error(`installing the ${languageId} language pack failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  const extensionDir = path.join(sandbox.extensionsDir, dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(extensionDir, 'package.json'), 'utf8'));
  const id = `${manifest.publisher}.${manifest.name}`;
  const localization = manifest.contributes.localizations[0];
  const packs = {
    [languageId]: {
      hash: crypto.createHash('md5').update(id).update(manifest.version).digest('hex'),
      extensions: [{ extensionIdentifier: { id }, version: manifest.version }],
      translations: Object.fromEntries(localization.translations.map((t) => [t.id, path.join(extensionDir, t.path)])),
      label: localization.localizedLanguageName,
    },
  };
  fs.writeFileSync(path.join(sandbox.userDataDir, 'languagepacks.json'), JSON.stringify(packs, null, 2));
}
