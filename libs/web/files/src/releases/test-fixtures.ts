import type { ReleaseVersionView } from '@solvr/contracts';

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
