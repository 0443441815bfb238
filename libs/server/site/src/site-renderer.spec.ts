import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { DataSource } from 'typeorm';
import { DEFAULT_BRAND, DEFAULT_PUBLIC_CONFIG, type SsrRendered } from '@solvr/contracts';
import { type AppConfig, CacheBus, dataSourceOptions } from '@solvr/server-core';
import { NEWS_MIGRATIONS, NewsPost, NewsService } from '@solvr/server-news';
import type { PublicConfigSource } from './public-config';
import { SiteRenderer } from './site-renderer';

/**
 * A stand-in for the shell's render bundle (dist/apps/shell-ssr/render.js, built with the shell): it renders a
 * page as the titles of the published news it reads, and counts its renders, as the real one reads the same source.
 */
const RENDER_BUNDLE = `
let renders = 0;
exports.renders = () => renders;
exports.render = async ({ url, publicConfig, data }) => {
  if (url.startsWith('/Dashboard')) return null;
  renders += 1;
  const list = await data.newsList(1, 10);
  return { html: url + ':' + list.items.map((p) => p.title).join('|'), head: {}, payload: { url, publicConfig }, status: 200 };
};`;

describe('SiteRenderer (rendered pages, made again when the news changes)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'solvr-ssr-'));
  mkdirSync(join(dir, 'shell-ssr'));
  writeFileSync(join(dir, 'shell-ssr', 'render.js'), RENDER_BUNDLE);
  const db = new DataSource({ ...dataSourceOptions({ type: 'sqlite', path: join(dir, 'news.sqlite') }, NEWS_MIGRATIONS), entities: [NewsPost] });
  const config = { brand: DEFAULT_BRAND, web: { distDir: dir }, redis: null } as unknown as AppConfig;
  const renders = () => (require(join(dir, 'shell-ssr', 'render.js')) as { renders(): number }).renders();
  let news: NewsService;
  let renderer: SiteRenderer;

  beforeAll(async () => {
    await db.initialize();
    // The table news rows refer to (the users lib's, which this lib does not import): posts here are by no one.
    await db.query('CREATE TABLE users (id varchar(36) PRIMARY KEY)');
    await db.runMigrations();
    news = new NewsService(db.getRepository(NewsPost), config, new CacheBus(config));
    renderer = new SiteRenderer(config, { value: DEFAULT_PUBLIC_CONFIG } as PublicConfigSource, news);
  });
  afterAll(async () => {
    renderer.onApplicationShutdown();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const html = async (url: string) => ((await renderer.render(url)) as SsrRendered).html;

  it('renders a page once and hands the same page to every later visitor', async () => {
    const before = renders();
    const first = await renderer.render('/NewsPage');
    expect(await renderer.render('/NewsPage')).toBe(first);
    expect(renders() - before).toBe(1);
    expect(first?.payload.publicConfig).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(await renderer.render('/Dashboard')).toBeNull();
  });

  it('after a news change, makes the pages asked for again before anyone asks, and tells its listeners', async () => {
    renderer.onApplicationBootstrap();
    const old = await renderer.render('/NewsPage');
    expect(old?.html).not.toContain('Fresh post');
    const made = new Promise<SsrRendered>((resolve) => renderer.onRendered((page) => page.html.startsWith('/NewsPage:') && resolve(page)));
    await news.create({ title: 'Fresh post', content: '<p>New</p>', is_published: true }, null);
    const again = await made;
    expect(again.html).toContain('Fresh post');
    // The visitor after the change gets that page, not the one from before and not a render of their own.
    const count = renders();
    expect(await renderer.render('/NewsPage')).toBe(again);
    expect(renders()).toBe(count);
    expect(await html('/')).toContain('Fresh post');
  });

  it('without a render bundle renders nothing (every page is the plain shell)', async () => {
    const bare = new SiteRenderer({ ...config, web: { distDir: join(dir, 'none') } } as AppConfig, { value: DEFAULT_PUBLIC_CONFIG } as PublicConfigSource, news);
    expect(await bare.render('/NewsPage')).toBeNull();
  });
});
