import { Column, Entity, PrimaryColumn } from 'typeorm';
import { NEWS_LIMITS } from '@solvr/contracts';

/** Spec section 3, News. content is sanitised HTML (see sanitizeNewsHtml). */
@Entity('news')
export class NewsPost {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  /** The post's address; made from the title and a part of the id, unique. */
  @Column({ type: 'varchar', length: 100, unique: true }) slug: string;
  @Column({ type: 'varchar', length: NEWS_LIMITS.title }) title: string;
  @Column({ type: 'text' }) excerpt: string;
  @Column({ type: 'text' }) content: string;
  @Column({ type: 'varchar', length: NEWS_LIMITS.author }) author: string;
  @Column({ name: 'is_featured', type: 'boolean', default: false }) isFeatured: boolean;
  @Column({ name: 'is_published', type: 'boolean', default: true }) isPublished: boolean;
  @Column({ name: 'created_by', type: 'varchar', length: 36, nullable: true }) createdBy: string | null;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
  @Column({ name: 'updated_date', type: 'datetime', precision: 3 }) updatedDate: Date;
}
