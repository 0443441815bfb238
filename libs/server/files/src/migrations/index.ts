import { Files1763700000010 } from './1763700000010-files';
import { Releases1763700000011 } from './1763700000011-releases';

export const FILES_MIGRATIONS = [Files1763700000010, Releases1763700000011];
