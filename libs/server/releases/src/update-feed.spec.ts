import { candidatesOf, versionFor, type FeedCandidate } from './update-feed';
import type { ReleaseFile, ReleaseVersion } from './release.entity';

const INSIDE = '00000000-0000-4000-8000-000000000001';
const OUTSIDE = '00000000-0000-4000-8000-0000fffffff0';

const candidate = (version: string, extra: Partial<FeedCandidate> = {}): FeedCandidate => ({
  channel: 'stable',
  version,
  state: 'published',
  rolloutPercentage: 100,
  rolloutPaused: false,
  notes: '',
  date: new Date(0),
  files: [],
  ...extra,
});
const offered = (list: FeedCandidate[], stagingId?: string | null) => versionFor(list, stagingId)?.version ?? null;

describe('versionFor: the version an install is offered', () => {
  it('offers the newest published version in semver order, not upload order', () => {
    expect(offered([candidate('1.10.0'), candidate('1.9.0'), candidate('2.0.0-beta.1'), candidate('1.2.0')])).toBe('2.0.0-beta.1');
    expect(offered([candidate('1.0.0'), candidate('1.0.0-rc.1')])).toBe('1.0.0');
  });

  it('skips drafts and pulled versions', () => {
    expect(offered([candidate('1.0.0'), candidate('1.1.0', { state: 'draft' }), candidate('1.0.5', { state: 'pulled' })])).toBe('1.0.0');
    expect(offered([candidate('1.1.0', { state: 'pulled' })])).toBeNull();
  });

  it('gives a staged version to installs inside its percentage, the version before to the others and to Squirrel', () => {
    const list = [candidate('1.0.0'), candidate('1.1.0', { rolloutPercentage: 10 })];
    expect(offered(list, INSIDE)).toBe('1.1.0');
    expect(offered(list, OUTSIDE)).toBe('1.0.0');
    // No staging id: the staged version, with stagingPercentage in the feed for the updater to decide.
    expect(offered(list, undefined)).toBe('1.1.0');
    expect(offered(list, null)).toBe('1.0.0');
    expect(offered([candidate('1.0.0'), candidate('1.1.0', { rolloutPercentage: 10, rolloutPaused: true })], INSIDE)).toBe('1.0.0');
  });
});

describe('candidatesOf', () => {
  it("groups release files by channel and version with each version's row; a file whose version has no row, or no semantic version, is left out", () => {
    const file = (id: string, channel: string, version: string) => ({ id, channel, version, createdDate: new Date(1) }) as ReleaseFile;
    const row = (version: string, extra: Partial<ReleaseVersion>) => ({ channel: 'stable', version, state: 'published', rolloutPercentage: 100, rolloutPaused: false, notes: '', publishedDate: new Date(2), createdDate: new Date(1), ...extra }) as ReleaseVersion;
    const rows = [row('1.0.0', { notes: 'First' }), row('1.1.0', { state: 'pulled', notes: 'Bad build' }), row('not-semver', {})];
    const result = candidatesOf([file('a', 'stable', '1.0.0'), file('b', 'stable', '1.1.0'), file('c', 'stable', '1.0.0'), file('d', 'stable', 'not-semver'), file('e', 'stable', '1.2.0')], rows);
    expect(result.map((c) => [c.version, c.state, c.notes, c.files.map((f) => f.id)])).toEqual([
      ['1.0.0', 'published', 'First', ['a', 'c']],
      ['1.1.0', 'pulled', 'Bad build', ['b']],
    ]);
  });
});
