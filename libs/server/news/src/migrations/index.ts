import { News1763700000020 } from './1763700000020-news';
import { NewsSeed1763700000021 } from './1763700000021-news-seed';

export const NEWS_MIGRATIONS = [News1763700000020, NewsSeed1763700000021];
