import { releaseFixture } from '../testing/release-fixtures';
import { latestRelease, preferredReleases } from './pick-release';
import { installersSummary } from './product-download';

const winStable = releaseFixture({ id: 'ws' });
const winStableOld = releaseFixture({ id: 'ws-old', version: '1.0.19', created_date: '2025-07-01T12:00:00Z' });
const winBeta = releaseFixture({ id: 'wb', channel: 'beta', version: '0.99' });
const linuxStable = releaseFixture({ id: 'ls', platform: 'linux', version: '1.0.21' });
const macBeta = releaseFixture({ id: 'mb', platform: 'macos', channel: 'beta', version: '1.2.0-beta' });

describe('picking releases', () => {
  it('takes the newest release of a channel and platform', () => {
    expect(latestRelease([winStableOld, winStable, winBeta], 'stable', 'windows')?.id).toBe('ws');
    expect(latestRelease([winStable], 'stable', 'macos')).toBeUndefined();
  });

  it("offers stable then beta, for the visitor's platform, else Windows, else any", () => {
    const all = [winBeta, linuxStable, winStable, macBeta];
    expect(preferredReleases(all, 'linux').map((r) => r.id)).toEqual(['ls', 'wb']);
    expect(preferredReleases(all, 'macos').map((r) => r.id)).toEqual(['ws', 'mb']);
    expect(preferredReleases(all, null).map((r) => r.id)).toEqual(['ws', 'wb']);
    expect(preferredReleases([macBeta], null).map((r) => r.id)).toEqual(['mb']);
    expect(preferredReleases([], 'windows')).toEqual([]);
  });

  it('sums up the installers from the real releases (no fixed version)', () => {
    expect(installersSummary([winStable, winBeta])).toBe('Windows installer v1.0.20. macOS is coming. Linux maybe.');
    expect(installersSummary([winStable, linuxStable, macBeta])).toBe('Windows installer v1.0.20. macOS is coming. Linux installer v1.0.21.');
  });
});
