// Builds a macOS app the way a desktop team's CI does, with the real electron-builder: packaging, the update zip,
// its block map, latest-mac.yml and publishing through the providers its configuration names. Electron itself cannot
// be downloaded here, so `electronDist` points at a stand-in Electron.app (the bundle layout electron-builder renames
// and zips; no binary runs during a build). A macOS zip is the one updater artifact electron-builder makes on Linux
// without downloading tools (NSIS, AppImage and deb need theirs).
import { execFile } from 'child_process';
import { copyFile, mkdir, readdir, writeFile } from 'fs/promises';
import { join } from 'path';

export interface MacBuild {
  /** An empty folder: the desktop app's repository for this build. */
  dir: string;
  version: string;
  /** electron-builder's `publish` configuration. */
  publish: Record<string, unknown>[];
  /** A resource shipped inside the app (its bytes decide what a differential update has to fetch). */
  payload: Buffer;
  /** `releaseInfo.releaseNotes`. */
  releaseNotes?: string;
  /** Files to put in the build resources folder (`build/`), by name. */
  buildResources?: Record<string, string>;
  env?: Record<string, string>;
}

export interface MacBuildResult {
  code: number;
  output: string;
  /** What electron-builder left in dist/, by name. */
  artifacts: string[];
  distDir: string;
}

const HELPERS = ['Electron Helper', 'Electron Helper (Renderer)', 'Electron Helper (GPU)', 'Electron Helper (Plugin)'];

const infoPlist = (name: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n` +
  `<plist version="1.0"><dict><key>CFBundleExecutable</key><string>${name}</string><key>CFBundleIdentifier</key><string>com.github.Electron</string>` +
  `<key>CFBundleName</key><string>${name}</string><key>CFBundleVersion</key><string>33.2.0</string><key>CFBundleShortVersionString</key><string>33.2.0</string></dict></plist>\n`;

/** The stand-in Electron.app: the executables and helper apps electron-builder renames, each with its Info.plist. */
async function standInElectron(dir: string): Promise<void> {
  const app = join(dir, 'Electron.app', 'Contents');
  const bundles = [{ root: app, name: 'Electron' }, ...HELPERS.map((name) => ({ root: join(app, 'Frameworks', `${name}.app`, 'Contents'), name }))];
  for (const { root, name } of bundles) {
    await mkdir(join(root, 'MacOS'), { recursive: true });
    await writeFile(join(root, 'MacOS', name), '#!/bin/sh\n', { mode: 0o755 });
    await writeFile(join(root, 'Info.plist'), infoPlist(name));
  }
  await mkdir(join(app, 'Frameworks', 'Electron Framework.framework'), { recursive: true });
  await mkdir(join(app, 'Resources'), { recursive: true });
}

/** Runs `electron-builder --mac zip --publish always` on a one-file app in `build.dir`. */
export async function buildMacApp(build: MacBuild): Promise<MacBuildResult> {
  const electronDist = join(build.dir, 'electron-dist');
  await standInElectron(electronDist);
  await mkdir(join(build.dir, 'build'), { recursive: true });
  for (const [name, source] of Object.entries(build.buildResources ?? {})) await copyFile(source, join(build.dir, 'build', name));
  await writeFile(join(build.dir, 'main.js'), "require('electron');\n");
  await writeFile(join(build.dir, 'payload.bin'), build.payload);
  const config = {
    appId: 'com.example.solvr',
    productName: 'Solvr',
    electronVersion: '33.2.0',
    electronDist,
    npmRebuild: false,
    files: ['main.js', 'package.json'],
    extraResources: ['payload.bin'],
    mac: { target: ['zip'], identity: null },
    publish: build.publish,
    ...(build.releaseNotes ? { releaseInfo: { releaseNotes: build.releaseNotes } } : {}),
  };
  const pkg = { name: 'solvr', version: build.version, description: 'Solvr desktop app', author: 'Solvr', main: 'main.js', build: config };
  await writeFile(join(build.dir, 'package.json'), JSON.stringify(pkg, null, 2));
  const cli = require.resolve('electron-builder/cli.js');
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_BUILDER_CACHE: join(build.dir, '.cache'), ...build.env };
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, [cli, '--mac', '--publish', 'always'], { cwd: build.dir, env, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
  const distDir = join(build.dir, 'dist');
  const artifacts = await readdir(distDir).catch(() => [] as string[]);
  return { code, output, artifacts, distDir };
}
