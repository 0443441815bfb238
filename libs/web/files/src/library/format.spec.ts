import { downloadErrorText } from './use-download';
import { listDate, shortHash } from './format';

describe('file formatting', () => {
  it("writes list dates as 'MMM d, yyyy' in en-US", () => {
    expect(listDate('2025-08-05T12:00:00Z')).toBe('Aug 5, 2025');
    expect(listDate('2025-12-24T12:00:00Z')).toBe('Dec 24, 2025');
    expect(listDate('garbage')).toBe('');
  });

  it('shortens a digest to its two ends', () => {
    expect(shortHash('0123456789abcdef'.repeat(4))).toBe('01234567…89abcdef');
    expect(shortHash('abc')).toBe('abc');
  });

  it('maps a refused download to the spec texts: 403 no access, anything else failed', () => {
    expect(downloadErrorText({ status: 403, data: { message: 'x' } })).toBe("You don't have access to this file.");
    expect(downloadErrorText({ status: 404 })).toBe('Download failed. Please try again.');
    expect(downloadErrorText({ status: 'FETCH_ERROR' })).toBe('Download failed. Please try again.');
    expect(downloadErrorText(undefined)).toBe('Download failed. Please try again.');
  });
});
