import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminNewsController, NewsController } from './news.controller';
import { NewsPost } from './news.entity';
import { NewsService } from './news.service';
import { SiteFeedsController } from './site-feeds.controller';

/** Owns the news table; the feeds and the sitemap are built from it. */
@Module({
  imports: [TypeOrmModule.forFeature([NewsPost])],
  controllers: [NewsController, AdminNewsController, SiteFeedsController],
  providers: [NewsService],
  exports: [NewsService],
})
export class NewsModule {}
