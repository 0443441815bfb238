import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A search of the Users tab saved under a name, to mail its matches from the Email Center. */
@Entity('user_saved_searches')
export class SavedSearch {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  @Column({ type: 'varchar', length: 100 }) q: string;
  @Column({ name: 'created_by', type: 'varchar', length: 36, nullable: true }) createdBy: string | null;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
}
