import { archOf, assetKindOf, detectPlatform, feedFileName, isNewThisWeek, isReleaseVersion, parseFeedFileName, platformOfArtifact, releaseDownloadPath, stagingPoint } from './releases';

describe('release versions', () => {
  it('isReleaseVersion takes what electron-updater takes: semantic versions, at most 256 characters, safe integers', () => {
    for (const version of ['1.2.0', '0.99.0', 'v1.0.0', '2.0.0-beta.1', '1.0.0+build.7', `1.2.${Number.MAX_SAFE_INTEGER}`]) expect([version, isReleaseVersion(version)]).toEqual([version, true]);
    for (const version of ['1.0', '1.0.0.0', '01.0.0', '1.0.0-', '=1.2.3', '', `1.2.${Number.MAX_SAFE_INTEGER + 1}`, `1.2.3-${'a'.repeat(260)}`]) expect([version, isReleaseVersion(version)]).toEqual([version, false]);
  });
});

describe('detectPlatform', () => {
  it('reads the operating system from the user agent or navigator.platform', () => {
    expect(detectPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe('windows');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15')).toBe('macos');
    expect(detectPlatform('Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/121.0')).toBe('linux');
    expect(detectPlatform('', 'MacIntel')).toBe('macos');
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBeNull();
    expect(detectPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBeNull();
    expect(detectPlatform('curl/8.0')).toBeNull();
  });
});

describe('isNewThisWeek (spec section 9: 10080 minutes)', () => {
  it('counts files created within the last 7 days', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(isNewThisWeek('2026-11-15T12:00:00Z', now)).toBe(true);
    expect(isNewThisWeek('2026-11-15T11:59:59Z', now)).toBe(false);
  });
});

it('puts installers at /downloads/{file name}, encoded', () => {
  expect(releaseDownloadPath('Solvr Setup 1.0.zip')).toBe('/downloads/Solvr%20Setup%201.0.zip');
});

describe('update feed names and architectures', () => {
  it('names each feed file as electron-updater asks for it, and reads the names back', () => {
    const cases = [
      ['stable', 'windows', 'x64', 'latest.yml'],
      ['stable', 'macos', 'x64', 'latest-mac.yml'],
      ['stable', 'linux', 'x64', 'latest-linux.yml'],
      ['stable', 'linux', 'arm64', 'latest-linux-arm64.yml'],
      ['beta', 'windows', 'x64', 'beta.yml'],
      ['beta', 'macos', 'arm64', 'beta-mac.yml'],
      ['beta', 'linux', 'arm64', 'beta-linux-arm64.yml'],
    ] as const;
    for (const [channel, platform, arch, file] of cases) {
      expect(feedFileName(channel, platform, arch)).toBe(file);
      expect(parseFeedFileName(file)).toEqual({ channel, platform, arch: platform === 'linux' ? arch : null });
    }
    for (const bad of ['latest-mac-arm64.yml', 'latest.yaml', '../latest.yml', 'Latest.yml', 'latest-amiga.yml']) expect(parseFeedFileName(bad)).toBeNull();
  });

  it("reads a file's architecture, platform and kind from electron-builder's artifact names", () => {
    expect(['Solvr-Setup-1.2.0.exe', 'Solvr-Setup-1.2.0-arm64.exe', 'Solvr-1.2.0-universal.dmg', 'Solvr-1.2.0-aarch64.AppImage', 'solvr_1.2.0_arm64.deb'].map(archOf)).toEqual([
      'x64',
      'arm64',
      'universal',
      'arm64',
      'arm64',
    ]);
    expect(['a.exe', 'a.exe.blockmap', 'RELEASES', 'a-full.nupkg', 'a.dmg', 'a-mac.zip', 'a.AppImage', 'a.deb', 'a.txt'].map(platformOfArtifact)).toEqual([
      'windows',
      'windows',
      'windows',
      'windows',
      'macos',
      'macos',
      'linux',
      'linux',
      null,
    ]);
    expect(['a.exe', 'a.exe.blockmap', 'RELEASES', 'a-full.nupkg'].map(assetKindOf)).toEqual(['installer', 'blockmap', 'squirrel', 'squirrel']);
  });

  it("places an install in a staged rollout as electron-updater does (the staging id's last four bytes)", () => {
    expect(stagingPoint('1b4e28ba-2fa1-41d2-883f-0e1d00000000')).toBe(0);
    expect(stagingPoint('1b4e28ba-2fa1-41d2-883f-0e1dffffffff')).toBe(100);
    expect(stagingPoint('1b4e28ba-2fa1-41d2-883f-0e1d80000000')).toBeCloseTo(50, 5);
    expect(stagingPoint('not-a-uuid')).toBeNull();
  });
});
