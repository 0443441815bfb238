import { Injectable, Logger, NotFoundException, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { existsSync } from 'fs';
import { createRequire } from 'module';
import { join } from 'path';
import { serverRenderedLinks, type SsrDataSource, type SsrRender, type SsrRendered } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { NewsService } from '@solvr/server-news';
import { PublicConfigSource } from './public-config';

const MAX_CACHED_PAGES = 200;
/** After a news change, the pages visited last (up to this many) are made again at once; others when next asked. */
const RENDERED_AHEAD = 20;
/** Changes in a burst (an import of posts) make one new set of pages, this long after the last of them. */
const RENDER_AGAIN_AFTER_MS = 100;

/**
 * Renders the public pages on the server with the shell's render bundle (dist/apps/shell-ssr/render.js, built with
 * the shell), reading published news straight from NewsService. Without the bundle every page is the plain shell.
 * A page is rendered when what it shows changes (at start, and after a news change on any replica), not when a
 * visitor arrives: the visitor gets the page made before.
 */
@Injectable()
export class SiteRenderer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ServerRendering');
  private bundle: Promise<SsrRender | null> | undefined;
  /** Rendered pages by address, most recently asked for last, each for the news revision it shows. */
  private readonly pages = new Map<string, { revision: number; page: Promise<SsrRendered | null> }>();
  private renderAgainTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly renderedListeners: Array<(page: SsrRendered) => void> = [];
  private stopWatching: (() => void) | undefined;

  private readonly source: SsrDataSource = {
    newsList: (page, limit) => this.news.listPublished({ page, limit }),
    newsPost: (ref) =>
      this.news.getPublished(ref).catch((error: unknown) => {
        if (error instanceof NotFoundException) return null;
        throw error;
      }),
  };

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly publicConfig: PublicConfigSource,
    private readonly news: NewsService,
  ) {}

  onApplicationBootstrap(): void {
    this.stopWatching = this.news.onChange(() => {
      clearTimeout(this.renderAgainTimer);
      this.renderAgainTimer = setTimeout(() => this.renderAgain(), RENDER_AGAIN_AFTER_MS);
      this.renderAgainTimer.unref();
    });
    // The public pages are ready before the first visitor asks for one.
    for (const url of ['/', ...serverRenderedLinks(this.config.brand.product).map((link) => link.path)]) void this.render(url).catch(() => undefined);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.renderAgainTimer);
    this.stopWatching?.();
  }

  render(url: string): Promise<SsrRendered | null> {
    const revision = this.news.newsRevision;
    const hit = this.pages.get(url);
    if (hit && hit.revision === revision) {
      // Most recently asked for last: the ones made again first after a change.
      this.pages.delete(url);
      this.pages.set(url, hit);
      return hit.page;
    }
    return this.renderInto(url, revision);
  }

  onRendered(listener: (page: SsrRendered) => void): void {
    this.renderedListeners.push(listener);
  }

  private renderInto(url: string, revision: number): Promise<SsrRendered | null> {
    const page = this.renderNow(url);
    page.then(
      (done) => done && this.renderedListeners.forEach((listener) => listener(done)),
      () => this.pages.delete(url),
    );
    this.pages.delete(url);
    if (this.pages.size >= MAX_CACHED_PAGES) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(url, { revision, page });
    return page;
  }

  /** After a news change: the pages asked for last are made again now, so that no visitor waits for one. */
  private renderAgain(): void {
    const revision = this.news.newsRevision;
    const recent = [...this.pages.entries()].filter(([, entry]) => entry.revision !== revision).slice(-RENDERED_AHEAD);
    for (const [url] of recent) void this.renderInto(url, revision).catch(() => undefined);
  }

  private async renderNow(url: string): Promise<SsrRendered | null> {
    const render = await this.load();
    if (!render) return null;
    return render({ url, publicConfig: this.publicConfig.value, data: this.source });
  }

  private load(): Promise<SsrRender | null> {
    this.bundle ??= Promise.resolve().then(() => {
      const file = this.config.web.distDir ? join(this.config.web.distDir, 'shell-ssr', 'render.js') : null;
      if (!file || !existsSync(file)) {
        this.logger.warn('No server render bundle (build the shell): public pages are rendered in the browser only');
        return null;
      }
      // Loaded at run time from the built site, next to the shell it renders for.
      return (createRequire(file)(file) as { render: SsrRender }).render;
    });
    return this.bundle;
  }
}
