export * from './news.entity';
export * from './news-html';
export * from './news.service';
export * from './news.controller';
export * from './site-feeds.controller';
export * from './news.module';
export * from './migrations';
