import type { Configuration } from 'electron-builder';

/**
 * The installers: `npm run package` (electron-vite build, then electron-builder with this file).
 *
 * Packaging downloads Electron's binary and the platforms' tools (NSIS, AppImage, fpm), and a macOS build
 * is signed and notarized on a Mac, so it runs on a release machine or in CI with network access, not on
 * the build machine of this repository. There the tests check this configuration instead
 * (test/unit/packaging/): electron-builder loads and validates it, and every target and fuse is asserted.
 */
const config = {
  appId: 'com.example.control-room-wall',
  productName: 'Control Room Wall',
  copyright: 'Copyright © Control Room Wall contributors',
  directories: { output: 'release', buildResources: 'resources' },
  // The Debian package needs a homepage and a maintainer with an e-mail (fpm refuses one without);
  // package.json has neither, so they are set here. Replace both with your organisation's.
  extraMetadata: { homepage: 'https://control-room-wall.example' },

  // What goes into app.asar: the built app and package.json, nothing else. Production dependencies are added
  // by electron-builder itself, and the exclusions below apply to them too. out/test-renderer is the e2e
  // suite's build of the renderer, so each of the three built folders is named rather than out/**.
  files: ['out/main/**', 'out/preload/**', 'out/renderer/**', 'package.json', '!**/*.map'],
  // The embedded demo platform (first run's "Explore with the built-in demo platform") plays the committed
  // H.264 fixtures. Outside app.asar, in <resources>/demo-media, where defaultMediaDir() in
  // electron/demo-platform/media/clip-library.ts looks when packaged (process.resourcesPath), and where
  // ASAR integrity and OnlyLoadAppFromAsar do not apply: they are data, not code.
  // The supervisor examples of "Running unattended" ship too, so a site with only the installer has them.
  extraResources: [
    { from: 'resources/demo-media', to: 'demo-media', filter: ['clips.json', '*.h264'] },
    { from: 'resources/supervisors', to: 'supervisors', filter: ['*.service', '*.plist', '*.xml'] },
  ],
  asar: true,

  // Electron's fuses, flipped in the packed binary before signing (electron-builder runs the @electron/fuses
  // it depends on). See https://www.electronjs.org/docs/latest/tutorial/fuses.
  electronFuses: {
    // No ELECTRON_RUN_AS_NODE: the packed binary cannot be used as a plain Node. The app forks nothing.
    runAsNode: false,
    // Cookies on disk encrypted with the OS key store, as Chrome does.
    enableCookieEncryption: true,
    // No NODE_OPTIONS / NODE_EXTRA_CA_CERTS, no --inspect or SIGUSR1 inspector in the main process.
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    // app.asar checked against the hash electron-builder embeds (macOS Info.plist, Windows resource;
    // Electron has no ASAR integrity on Linux), and only app.asar is ever loaded as the app.
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    // The renderer comes from app://wall (electron/main/app/protocol.ts), never file://.
    grantFileProtocolExtraPrivileges: false,
  },

  win: {
    target: [{ target: 'nsis', arch: ['x64'] }],
    icon: 'resources/icon.png',
  },
  nsis: {
    // An assisted installer for all users (Program Files, elevation), as a control room's PCs are set up.
    oneClick: false,
    perMachine: true,
    allowElevation: true,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    createStartMenuShortcut: true,
    // Settings, profiles and the secrets' vault stay when the app is uninstalled or upgraded.
    deleteAppDataOnUninstall: false,
    artifactName: '${productName}-Setup-${version}-${arch}.${ext}',
  },

  mac: {
    target: [{ target: 'dmg', arch: ['x64', 'arm64'] }],
    category: 'public.app-category.video',
    icon: 'resources/icon.png',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'resources/entitlements.mac.plist',
    entitlementsInherit: 'resources/entitlements.mac.plist',
    // Signing takes CSC_LINK / CSC_KEY_PASSWORD (or a keychain identity); notarization happens when
    // APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER (or APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and
    // APPLE_TEAM_ID) are set.
  },
  dmg: {
    artifactName: '${productName}-${version}-${arch}.${ext}',
  },

  linux: {
    target: [
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ],
    // /usr/bin/control-room-wall after the .deb is installed: the path the systemd unit starts.
    executableName: 'control-room-wall',
    icon: 'resources/icon.png',
    category: 'AudioVideo',
    maintainer: 'Control Room Wall maintainers <control-room-wall@example.com>',
    synopsis: 'Video wall for control rooms',
    description: 'A desktop video wall for control rooms on an IoT device-management platform.',
    desktop: {
      entry: {
        Name: 'Control Room Wall',
        Comment: 'Watch many live device streams on one wall',
        Categories: 'AudioVideo;Video;',
        Keywords: 'video;wall;camera;stream;monitoring;control room;',
      },
    },
  },
  deb: {
    priority: 'optional',
  },
  // Installers are uploaded by the release process, never by electron-builder (it would publish from CI).
  publish: null,
} satisfies Configuration;

export default config;
