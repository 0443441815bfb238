import { Module } from '@nestjs/common';
import { NewsModule } from '@solvr/server-news';
import { PublicConfigController } from './public-config.controller';
import { PublicConfigSource } from './public-config';
import { SiteRenderer } from './site-renderer';

/** Server rendering of the public pages and the settings the web reads first (the feeds and the sitemap are the news module's). */
@Module({
  imports: [NewsModule],
  controllers: [PublicConfigController],
  providers: [PublicConfigSource, SiteRenderer],
})
export class SiteModule {}
