import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Feed } from 'feed';
import { Readable } from 'stream';
import { SitemapStream, streamToPromise } from 'sitemap';
import { isPrivatePage, NEWS_FEEDS, newsExcerpt, PAGES, pathTo, type NewsView } from '@solvr/contracts';
import { AppConfig, InjectConfig, Public, ApiDoc, doc } from '@solvr/server-core';
import { NewsService } from './news.service';

/** How many posts the feeds carry; the sitemap lists this many too. */
const FEED_SIZE = 50;
const SITEMAP_SIZE = 5000;

/** A post's excerpt is plain text, but feed readers read the description (summary) as HTML. */
const escapeHtml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] as string);

/** The feed library ends a CDATA section at the first "]]>" only; a second would close it early and let markup in. */
const cdataSafe = (html: string) => html.replace(/]]>/g, ']]&gt;');

/**
 * A title is plain text, and readers differ: some show it as text, some render it as HTML (Atom marks it html).
 * Only its angle brackets are escaped, so "Q&A" and quotes read as typed in both, and markup stays text in both.
 */
const feedTitle = (title: string) => title.replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'));

/** The pages search engines may list (the route table's rule). */
const LISTED_PAGES = PAGES.filter((p) => !isPrivatePage(p));

/**
 * At the site's root: /rss.xml and /atom.xml (published news), /sitemap.xml (public pages and every published
 * post) and /robots.txt. Built per request, so a change shows at once.
 */
@Public()
@Controller()
export class SiteFeedsController {
  constructor(
    private readonly news: NewsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** The address of a post (see the NewsPage's ?post=). */
  postUrl(post: NewsView): string {
    return `${this.config.publicUrl}${pathTo('NewsPage')}?post=${encodeURIComponent(post.slug)}`;
  }

  private async feed(): Promise<Feed> {
    const base = this.config.publicUrl;
    const { product, team } = this.config.brand;
    const posts = await this.news.recentPublished(FEED_SIZE);
    const feed = new Feed({
      title: NEWS_FEEDS.title(product),
      description: `News and updates from the ${team}.`,
      id: `${base}${pathTo('NewsPage')}`,
      link: `${base}${pathTo('NewsPage')}`,
      language: 'en',
      copyright: `© ${new Date().getFullYear()} ${product}`,
      updated: posts[0] ? new Date(posts[0].updated_date) : new Date(0),
      feedLinks: { rss: `${base}/rss.xml`, atom: `${base}/atom.xml` },
      author: { name: team },
    });
    for (const post of posts) {
      feed.addItem({
        title: feedTitle(post.title),
        id: this.postUrl(post),
        link: this.postUrl(post),
        description: escapeHtml(newsExcerpt(post)),
        content: cdataSafe(post.content),
        // None: the feed's author (the team) stands for the post; an empty one would override it.
        author: post.author ? [{ name: post.author }] : undefined,
        date: new Date(post.created_date),
      });
    }
    return feed;
  }

  @Get('rss.xml')
  @ApiDoc('News', { summary: 'News feed (RSS 2.0)', answers: [{ status: 200, description: 'The feed', content: doc.text('application/rss+xml') }] })
  async rss(@Res() reply: FastifyReply): Promise<void> {
    reply.header('Cache-Control', 'no-cache').type('application/rss+xml; charset=utf-8').send((await this.feed()).rss2());
  }

  @Get('atom.xml')
  @ApiDoc('News', { summary: 'News feed (Atom)', answers: [{ status: 200, description: 'The feed', content: doc.text('application/atom+xml') }] })
  async atom(@Res() reply: FastifyReply): Promise<void> {
    reply.header('Cache-Control', 'no-cache').type('application/atom+xml; charset=utf-8').send((await this.feed()).atom1());
  }

  @Get('sitemap.xml')
  @ApiDoc('News', { summary: 'Sitemap of the public pages and posts', answers: [{ status: 200, description: 'The sitemap', content: doc.text('application/xml') }] })
  async sitemap(@Res() reply: FastifyReply): Promise<void> {
    const urls = [
      ...LISTED_PAGES.map((p) => ({ url: pathTo(p.page, this.config.brand.product) })),
      ...(await this.news.recentPublished(SITEMAP_SIZE)).map((post) => ({ url: this.postUrl(post), lastmod: post.updated_date })),
    ];
    const sitemap = new SitemapStream({ hostname: this.config.publicUrl, xmlns: { news: false, xhtml: false, image: false, video: false } });
    const xml = await streamToPromise(Readable.from(urls).pipe(sitemap));
    reply.header('Cache-Control', 'no-cache').type('application/xml; charset=utf-8').send(xml);
  }

  @Get('robots.txt')
  @ApiDoc('News', { summary: 'robots.txt', answers: [{ status: 200, description: 'The rules', content: doc.text('text/plain') }] })
  robots(@Res() reply: FastifyReply): void {
    const text = ['User-agent: *', 'Disallow: /api/', 'Disallow: /Admin', `Sitemap: ${this.config.publicUrl}/sitemap.xml`, ''].join('\n');
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(text);
  }
}
