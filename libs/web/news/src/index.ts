// @solvr/web-news: the news feature of the public pages (Landing's Latest Updates, the news page); a Module
// Federation singleton like web-accounts. The admin console's News tab is in ./admin (@solvr/web-news/admin), the
// Dashboard's news cards in ./dashboard (@solvr/web-news/dashboard).
// Data and markup are apart: the use* hooks fetch, the components only render the data they are given (so a server
// renderer can call them with the same data).
import './news-common.css';
import './news.css';

export { newsApi, usePublishedNewsQuery, useNewsPostQuery, NEWS_PAGE_SIZE, type NewsPageArgs } from './news.api';
export { useLatestNews, useNewsPage, useNewsPost, type LatestNews, type NewsPage, type NewsPostState } from './lib/use-news';
export { NewsCard, type NewsCardProps } from './lib/news-card';
export { LatestUpdates, type LatestUpdatesProps } from './lib/latest-updates';
export { NewsArticle, type NewsArticleProps } from './lib/news-article';
export { NewsList, type NewsListProps } from './lib/news-list';
export { NewsContent, type NewsContentProps } from './lib/news-content';
export { NewsPostView, type NewsPostViewProps } from './lib/news-post-view';
export { PublicNews, type PublicNewsProps } from './lib/public-news';
export { Pager, type PagerProps } from './lib/pager';
export { NewsEmpty, NewsSkeletons, authorOf, type NewsEmptyProps, type HeadingLevel } from './lib/parts';
export { newsPostPath, newsListPath, pageFromQuery, NEWS_POST_PARAM, NEWS_PAGE_PARAM } from './lib/news-path';
export { latestNewsSsr, publicNewsSsr, type NewsSsrData } from './ssr';
