// @solvr/web-news/dashboard: the Dashboard's news cards; only the user area loads them. Apart from the main entry so
// the public pages do not carry them with the portal's texts.
export { LatestUpdateCard, MoreNewsCard, DASHBOARD_NEWS_COUNT, type DashboardNewsProps } from './lib/dashboard-news';
