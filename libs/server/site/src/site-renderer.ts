import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { existsSync } from 'fs';
import { createRequire } from 'module';
import { join } from 'path';
import type { SsrDataSource, SsrRender, SsrRendered } from '@solvr/contracts';
import { AppConfig, InjectConfig, type PageRenderer } from '@solvr/server-core';
import { authConfig, type AuthConfig } from '@solvr/server-auth';
import { NewsService } from '@solvr/server-news';

/**
 * Renders the public pages on the server with the shell's render bundle (dist/apps/shell-ssr/render.js, built with
 * the shell), reading published news straight from NewsService. Without the bundle every page is the plain shell.
 */
@Injectable()
export class SiteRenderer implements PageRenderer {
  private readonly logger = new Logger('ServerRendering');
  private bundle: Promise<SsrRender | null> | undefined;

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

  async render(url: string): Promise<SsrRendered | null> {
    const render = await this.load();
    if (!render) return null;
    return render({ url, publicConfig: { brand: this.config.brand, googleEnabled: !!this.auth.google }, data: this.source });
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
