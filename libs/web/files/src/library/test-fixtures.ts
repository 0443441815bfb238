// Fixtures for the jsdom tests of this lib (never imported by application code).
import type { FileView, LibrarySummary } from '@solvr/contracts';

export const MB = 1024 * 1024;

/** A library file as GET /api/files returns it: a free ZIP for everyone unless overridden. */
export function fileFixture(overrides: Partial<FileView> = {}): FileView {
  return {
    id: 'f-1',
    name: 'Installer',
    description: 'The desktop app for Windows.',
    version: '1.0.20',
    file_name: 'installer.zip',
    file_type: 'zip',
    file_size: Math.round(290.22 * MB),
    sha256: 'a'.repeat(56) + '0123abcd',
    is_paid: false,
    price: 0,
    currency: 'USD',
    access_type: 'all_users',
    is_active: true,
    download_count: 1987,
    created_date: '2025-08-05T12:00:00.000Z',
    updated_date: '2025-08-05T12:00:00.000Z',
    availability: 'download',
    ...overrides,
  };
}

export function summaryFixture(overrides: Partial<LibrarySummary> = {}): LibrarySummary {
  return {
    total_files: 12,
    available_files: 7,
    your_downloads: 125564,
    new_this_week: 3,
    most_popular: { id: 'f-1', name: 'Installer', download_count: 1987 },
    types: ['PDF', 'ZIP'],
    ...overrides,
  };
}
