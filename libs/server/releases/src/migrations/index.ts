import { Releases1763700000011 } from './1763700000011-releases';
import { SeededBetaVersion1763700000012 } from './1763700000012-seeded-beta-version';
import { SeededLaunchDate1763700000013 } from './1763700000013-seeded-launch-date';
import { ReleaseVersions1763700000080 } from './1763700000080-release-versions';
import { ReleaseFiles1763700000400 } from './1763700000400-release-files';
import { SeededPlaceholderBytes1763700000600 } from './1763700000600-seeded-placeholder-bytes';

export const RELEASES_MIGRATIONS = [Releases1763700000011, SeededBetaVersion1763700000012, SeededLaunchDate1763700000013, ReleaseVersions1763700000080, ReleaseFiles1763700000400, SeededPlaceholderBytes1763700000600];
