import { Files1763700000010 } from './1763700000010-files';

export const FILES_MIGRATIONS = [Files1763700000010];
