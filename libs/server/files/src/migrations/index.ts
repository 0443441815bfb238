import { Files1763700000010 } from './1763700000010-files';
import { FilesLibraryOrder1763700000500 } from './1763700000500-library-order';

export const FILES_MIGRATIONS = [Files1763700000010, FilesLibraryOrder1763700000500];
