import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Configuration, TargetConfigType } from 'electron-builder';
import { CONFIG_FILE, loadBuilderConfig, readPackageJson, root } from './builder-config';

/*
 * The installers' configuration, checked here because packaging itself (Electron's binary, NSIS, fpm,
 * signing) cannot run on this machine. loadBuilderConfig() loads it as electron-builder does and validates it
 * against electron-builder's schema; each test then asserts what the release depends on.
 */

let config: Configuration;
beforeAll(async () => {
  config = await loadBuilderConfig();
});

/** A platform's targets as `{ target, arch }`, whatever form the configuration uses. */
function targets(value: TargetConfigType | undefined): { target: string; arch: string[] }[] {
  const list = value == null ? [] : Array.isArray(value) ? value : [value];
  return list.map((entry) =>
    typeof entry === 'string'
      ? { target: entry, arch: [] }
      : { target: entry.target, arch: entry.arch == null ? [] : ([] as string[]).concat(entry.arch) },
  );
}

describe('electron-builder configuration', () => {
  it('is what the package scripts hand to electron-builder, after building the app', () => {
    const { scripts } = readPackageJson();
    for (const name of ['package', 'package:win', 'package:mac', 'package:linux']) {
      expect(scripts[name], name).toMatch(/^electron-vite build && electron-builder /);
      expect(scripts[name], name).toContain(`--config ${CONFIG_FILE}`);
      expect(scripts[name], name).toContain('--publish never');
    }
    expect(scripts['package:win']).toMatch(/ --win$/);
    expect(scripts['package:mac']).toMatch(/ --mac$/);
    expect(scripts['package:linux']).toMatch(/ --linux$/);
  });

  it('names the product and writes installers to release/, which git ignores', () => {
    expect(config.productName).toBe('Control Room Wall');
    expect(config.appId).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(config.directories?.output).toBe('release');
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8').split('\n')).toContain('release/');
  });

  it('keeps electron and electron-builder out of the runtime dependencies', () => {
    const pkg = readPackageJson();
    for (const name of ['electron', 'electron-builder']) {
      expect(pkg.dependencies ?? {}, name).not.toHaveProperty(name);
      expect(pkg.devDependencies ?? {}, name).toHaveProperty(name);
    }
  });

  it('sets every fuse a release needs', () => {
    const required: Required<
      Pick<
        NonNullable<Configuration['electronFuses']>,
        | 'runAsNode'
        | 'enableCookieEncryption'
        | 'enableNodeOptionsEnvironmentVariable'
        | 'enableNodeCliInspectArguments'
        | 'enableEmbeddedAsarIntegrityValidation'
        | 'onlyLoadAppFromAsar'
        | 'grantFileProtocolExtraPrivileges'
      >
    > = {
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    };
    expect(config.electronFuses).toMatchObject(required);
    // Integrity validation and "only from ASAR" mean nothing without an ASAR.
    expect(config.asar).not.toBe(false);
  });

  it('builds a per-machine NSIS installer for 64-bit Windows that asks where to install', () => {
    expect(targets(config.win?.target)).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: true,
      allowToChangeInstallationDirectory: true,
    });
    expect(config.nsis?.deleteAppDataOnUninstall).not.toBe(true);
  });

  it('builds a dmg of a hardened-runtime app with its own entitlements', () => {
    expect(targets(config.mac?.target).map((t) => t.target)).toEqual(['dmg']);
    expect(targets(config.mac?.target)[0].arch.sort()).toEqual(['arm64', 'x64']);
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.mac?.category).toBe('public.app-category.video');
    for (const file of [config.mac?.entitlements, config.mac?.entitlementsInherit]) {
      expect(file).toBe('resources/entitlements.mac.plist');
      expect(existsSync(path.join(root, file ?? ''))).toBe(true);
    }
  });

  it('builds an AppImage and a .deb with a desktop entry in the video menu', () => {
    expect(
      targets(config.linux?.target)
        .map((t) => t.target)
        .sort(),
    ).toEqual(['AppImage', 'deb']);
    expect(config.linux?.category).toBe('AudioVideo');
    const entry = config.linux?.desktop?.entry ?? {};
    expect(entry.Name).toBe('Control Room Wall');
    expect(entry.Categories?.split(';')).toEqual(expect.arrayContaining(['AudioVideo', 'Video']));
    expect(config.linux?.executableName).toBe('control-room-wall');
  });

  it('gives the .deb what fpm refuses to build without: a homepage and a maintainer with an e-mail', () => {
    // FpmTarget takes the homepage from package.json or extraMetadata, the maintainer from linux.maintainer.
    const homepage = (config.extraMetadata as { homepage?: string } | undefined)?.homepage;
    expect(() => new URL(homepage ?? '')).not.toThrow();
    expect(config.linux?.maintainer).toMatch(/^[^<>]+ <[^@<>\s]+@[^@<>\s]+>$/);
  });

  it('uses resources/icon.png on every platform', () => {
    expect(config.directories?.buildResources).toBe('resources');
    for (const icon of [config.win?.icon, config.mac?.icon, config.linux?.icon]) {
      expect(icon).toBe('resources/icon.png');
    }
  });

  it('never publishes: installers are uploaded by the release process', () => {
    expect(config.publish).toBeNull();
  });
});
