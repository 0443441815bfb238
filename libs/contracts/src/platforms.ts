// The desktop app's platforms. Their own module: the portal's texts name them, and importing the releases contract for
// that would bring it whole into every public page.
export const PLATFORMS = ['windows', 'macos', 'linux'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = { windows: 'Windows', macos: 'macOS', linux: 'Linux' };
