import { Module } from '@nestjs/common';
import { PAGE_RENDERER } from '@solvr/server-core';
import { NewsModule } from '@solvr/server-news';
import { SiteRenderer } from './site-renderer';

/** Server rendering of the public pages (the feeds and the sitemap are the news module's). */
@Module({
  imports: [NewsModule],
  providers: [SiteRenderer, { provide: PAGE_RENDERER, useExisting: SiteRenderer }],
})
export class SiteModule {}
