// Fixtures for the jsdom tests of this lib (never imported by application code).
import type { ReleaseVersionView, ReleaseView } from '@solvr/contracts';

export const MB = 1024 * 1024;

/** A published stable version with a Windows and a macOS file, as GET /api/admin/releases and /api/releases/history give it. */
export function releaseVersionFixture(overrides: Partial<ReleaseVersionView> = {}): ReleaseVersionView {
  return {
    id: 'v-2',
    channel: 'stable',
    version: '2.0.0',
    notes: 'Faster answers.\nA **new** hotkey.',
    notes_html: '<p>Faster answers.<br />\nA <strong>new</strong> hotkey.</p>',
    state: 'published',
    rollout_percentage: 100,
    rollout_paused: false,
    date: '2025-09-01T12:00:00.000Z',
    files: [
      { id: 'f-exe', file_name: 'Solvr-Setup-2.0.0.exe', platform: 'windows', arch: 'x64', size: 304_319_201, url: '/downloads/Solvr-Setup-2.0.0.exe', download_count: 1987 },
      { id: 'f-dmg', file_name: 'Solvr-2.0.0-arm64.dmg', platform: 'macos', arch: 'arm64', size: 1536, url: '/downloads/Solvr-2.0.0-arm64.dmg', download_count: 1 },
    ],
    ...overrides,
  };
}

/** A release as GET /api/releases returns it: the Windows stable installer unless overridden. */
export function releaseFixture(overrides: Partial<ReleaseView> = {}): ReleaseView {
  const file_name = overrides.file_name ?? 'Solvr-Setup-1.0.20.zip';
  return {
    id: 'r-win',
    channel: 'stable',
    platform: 'windows',
    name: 'Installer',
    version: '1.0.20',
    file_name,
    file_type: 'application/zip',
    file_size: Math.round(290.22 * MB),
    sha256: 'f'.repeat(48) + '0123456789abcdef',
    sha512: 'c2hhNTEy',
    download_count: 1987,
    release_notes: '- First public release\n- Overlay hotkeys',
    release_notes_html: '<ul>\n<li>First public release</li>\n<li>Overlay hotkeys</li>\n</ul>',
    created_date: '2025-08-05T12:00:00.000Z',
    url: `/downloads/${file_name}`,
    placeholder: false,
    ...overrides,
  };
}

export const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** Makes the browser report this user agent (and navigator.platform) until the returned function is called. */
export function pretendUserAgent(userAgent: string, platform = ''): () => void {
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
  Object.defineProperty(window.navigator, 'platform', { value: platform, configurable: true });
  return () => {
    // The own properties shadowed jsdom's getters on the prototype: removing them brings those back.
    delete (window.navigator as unknown as Record<string, unknown>).userAgent;
    delete (window.navigator as unknown as Record<string, unknown>).platform;
  };
}
