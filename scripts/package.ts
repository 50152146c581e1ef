// `npm run package` (tsx scripts/package.ts): the installable .vsix, built offline.
//   npm run package -- [--out FILE] [--quiet]
//       a local package, to install by hand: the README's picture links stay relative (the script says so)
//   npm run package -- --marketplace [--base-url URL [--base-images-url URL]] [--out FILE] [--quiet]
//       a package for the VS Code Marketplace and Open VSX: vsce rewrites the README's relative links onto package.json's
//       `repository`, or onto --base-url (the URL the repository's files are served from); with neither it refuses,
//       since the pictures would be broken there (scripts/packaging.ts)
//   npm run package -- --install-tools   (only installs vsce into .tools/vsce, e.g. before an offline run)
// 1. release build (`vscode:prepublish` = `node scripts/build.mjs --release`; run here when that script is absent);
// 2. @vscode/vsce `package --no-dependencies` (esbuild bundles zod and yaml, so no node_modules are shipped and
//    npm is never asked about the dependency tree), no prompts (stdin closed);
// 3. reads the package back with vsce's own zip reader and checks what it holds, what a marketplace listing needs
//    that vsce does not check, and its README's pictures (scripts/packaging.ts); prints its size and file list.
// Exit 0 with the vsix written, 1 when any step fails or a check refuses (the message says which and why).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  contentProblems,
  listingProblems,
  readmeImageProblems,
  VSCE_VERSION,
  vsceDir as vsceDirOf,
  vscePackageArgs,
  vsixFiles,
} from './packaging';

const root = path.resolve(__dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

const USAGE =
  'usage: node scripts/package.mjs [--marketplace [--base-url URL [--base-images-url URL]]] [--out FILE] [--quiet] | --install-tools';
function usage(msg?: string): never {
  if (msg) console.error(`package: ${msg}`);
  console.error(USAGE);
  process.exit(msg ? 2 : 0);
}

let values: ReturnType<typeof parseOptions>;
function parseOptions() {
  return parseArgs({
    options: {
      out: { type: 'string' },
      quiet: { type: 'boolean' },
      marketplace: { type: 'boolean' },
      'base-url': { type: 'string' },
      'base-images-url': { type: 'string' },
      'install-tools': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
}
try {
  values = parseOptions();
} catch (e) {
  usage((e as Error).message);
}
if (values.help) usage();
const out = values.out ? path.resolve(values.out) : path.join(root, `${manifest.name}-${manifest.version}.vsix`);
const quiet = values.quiet === true;
const installOnly = values['install-tools'] === true;
const plan = vscePackageArgs({
  manifest,
  marketplace: values.marketplace === true,
  baseUrl: values['base-url'],
  baseImagesUrl: values['base-images-url'],
  out,
});
if (!plan.ok && !installOnly) fail(plan.error);

function fail(msg: string): never {
  console.error(`package: ${msg}`);
  process.exit(1);
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
// Offline: npm (which vsce runs for vscode:prepublish) must not reach for the registry.
const env = { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' };

// vsce lives in .tools/vsce, installed on first use, not among the devDependencies: its optional dependency
// keytar downloads a prebuilt binary at install time, which `npm ci` must never do. Packaging needs neither
// keytar nor any install script, so they are left out.
const vsceDir = vsceDirOf(root);
const vsceCli = path.join(vsceDir, 'node_modules', '@vscode', 'vsce', 'vsce');
const vscePkg = path.join(vsceDir, 'node_modules', '@vscode', 'vsce', 'package.json');
const installedVsce = fs.existsSync(vscePkg) ? JSON.parse(fs.readFileSync(vscePkg, 'utf8')).version : null;
if (installedVsce !== VSCE_VERSION) {
  console.log(`package: installing @vscode/vsce@${VSCE_VERSION} into .tools/vsce (once)`);
  fs.mkdirSync(vsceDir, { recursive: true });
  fs.writeFileSync(path.join(vsceDir, 'package.json'), '{ "private": true }\n');
  const npmCli = process.env.npm_execpath;
  const install = spawnSync(
    npmCli ? process.execPath : 'npm',
    [
      ...(npmCli ? [npmCli] : []),
      'install',
      '--no-audit',
      '--no-fund',
      '--omit=optional',
      '--ignore-scripts',
      '--no-package-lock',
      `@vscode/vsce@${VSCE_VERSION}`,
    ],
    { cwd: vsceDir, stdio: 'inherit' },
  );
  if (install.status !== 0 || !fs.existsSync(vsceCli)) fail(`could not install @vscode/vsce@${VSCE_VERSION} into .tools/vsce`);
}

if (installOnly) process.exit(0);

if (!manifest.scripts?.['vscode:prepublish']) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--release'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) fail('the release build failed (node scripts/build.mjs --release)');
}

const hasLicense = ['LICENSE', 'LICENSE.md', 'LICENSE.txt'].some((f) => fs.existsSync(path.join(root, f)));
const vsceArgs = plan.ok ? [...plan.args] : [];
if (!hasLicense) {
  console.warn(`package: warning: no LICENSE file; packaging without one (package.json says ${manifest.license ?? 'nothing'})`);
  vsceArgs.push('--skip-license');
}
// The README's pictures must exist before anything is packed.
const readmeFile = path.join(root, 'README.md');
const readme = fs.readFileSync(readmeFile, 'utf8');
const missing = readmeImageProblems(readme, { exists: (f) => fs.existsSync(path.join(root, f)), absolute: false });
if (missing.length) fail(`README.md:\n  - ${missing.join('\n  - ')}`);

fs.mkdirSync(path.dirname(out), { recursive: true });
fs.rmSync(out, { force: true });
const vsce = spawnSync(process.execPath, [vsceCli, ...vsceArgs], {
  cwd: root,
  env,
  stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'inherit'],
  encoding: 'utf8',
});
if (vsce.status !== 0 || !fs.existsSync(out)) {
  if (quiet && vsce.stdout) process.stderr.write(vsce.stdout);
  const step = manifest.scripts?.['vscode:prepublish'] ? ' (it runs the vscode:prepublish release build first)' : '';
  fail(`vsce package failed${step}: exit ${vsce.status ?? vsce.signal}; see the messages above`);
}

async function check(): Promise<void> {
  const files = await vsixFiles(root, out);
  const names = [...files.keys()];
  const listing = listingProblems(manifest, names, root);
  const problems = [...contentProblems(names, manifest), ...listing.problems];
  if (values.marketplace) {
    // What the marketplaces will show: the packaged README, whose every picture must be an absolute https URL.
    const packaged = files.get('extension/readme.md')?.toString('utf8');
    if (packaged === undefined) problems.push('the package has no README');
    else problems.push(...readmeImageProblems(packaged, { exists: (f) => fs.existsSync(path.join(root, f)), absolute: true }));
  }
  console.log(`\n${path.relative(process.cwd(), out) || out}: ${kb(fs.statSync(out).size)}, ${files.size} files`);
  for (const [name, bytes] of files) console.log(`  ${kb(bytes.length).padStart(10)}  ${name}`);
  for (const w of listing.warnings) console.warn(`package: warning: ${w}`);
  if (plan.ok) for (const n of plan.notes) console.log(`package: ${n}`);
  if (problems.length) {
    fs.rmSync(out, { force: true });
    fail(`the package is not right (removed it):\n  - ${problems.join('\n  - ')}`);
  }
  console.log(`\ninstall it with: code --install-extension ${path.relative(process.cwd(), out) || out}`);
}
check().catch((err: unknown) => fail(`cannot read the package back: ${(err as Error).message}`));
