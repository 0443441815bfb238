import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { existsSync } from 'fs';
import { createRequire } from 'module';
import { join } from 'path';
import type { SsrDataSource, SsrRender, SsrRendered } from '@solvr/contracts';
import { AppConfig, InjectConfig, type PageRenderer } from '@solvr/server-core';
import { authConfig, type AuthConfig } from '@solvr/server-auth';
import { NewsService, PUBLISHED_CACHE_MS } from '@solvr/server-news';

const MAX_CACHED_PAGES = 200;

/**
 * Renders the public pages on the server with the shell's render bundle (dist/apps/shell-ssr/render.js, built with
 * the shell), reading published news straight from NewsService. Without the bundle every page is the plain shell.
 */
@Injectable()
export class SiteRenderer implements PageRenderer {
  private readonly logger = new Logger('ServerRendering');
  private bundle: Promise<SsrRender | null> | undefined;
  /**
   * Rendered pages by address, for as long as the news they show may be cached (a render costs a few ms of CPU;
   * under load the queue, not the render, would set the wait). A news write here empties it at once.
   */
  private readonly pages = new Map<string, { at: number; revision: number; page: Promise<SsrRendered | null> }>();

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
    @InjectConfig(authConfig) private readonly auth: AuthConfig,
    private readonly news: NewsService,
  ) {}

  render(url: string): Promise<SsrRendered | null> {
    const revision = this.news.newsRevision;
    const hit = this.pages.get(url);
    if (hit && hit.revision === revision && Date.now() - hit.at < PUBLISHED_CACHE_MS) return hit.page;
    const page = this.renderNow(url);
    page.catch(() => this.pages.delete(url));
    this.pages.delete(url);
    if (this.pages.size >= MAX_CACHED_PAGES) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(url, { at: Date.now(), revision, page });
    return page;
  }

  private async renderNow(url: string): Promise<SsrRendered | null> {
    const render = await this.load();
    if (!render) return null;
    return render({ url, publicConfig: { brand: this.config.brand, googleEnabled: !!this.auth.google, proofVideoId: this.config.proofVideoId }, data: this.source });
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
