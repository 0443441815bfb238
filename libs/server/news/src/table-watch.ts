/**
 * Tells another replica's writes to a table from this replica's own, by a stamp of the table (e.g. its row count and
 * latest change) read now and then. A stamp unlike the last one taken is someone else's write: `changed` is called.
 * A write through this replica goes through `write()`: it calls `changed` once itself, and its stamp becomes the one
 * the next look compares with, so the write is not counted a second time.
 *
 * Which answers may be taken: a look's answer may or may not include a write that started after the look did (its
 * query can run before or after the write commits, on another connection). So a look that started before a write,
 * or answers while one is in flight, is dropped, and so is a look that answers after a newer one was taken.
 */
export class TableWatch {
  private stamp: string | null = null;
  /** Writes through this replica in flight. */
  private writing = 0;
  /** Looks started, and the number below which a look's answer is dropped: raised by each look taken and each write. */
  private started = 0;
  private droppedBelow = 0;

  constructor(
    private readonly read: () => Promise<string>,
    private readonly changed: () => void,
    private readonly failed: (error: Error) => void,
  ) {}

  /** A periodic look: calls `changed` when another replica wrote since the last stamp taken. */
  async look(): Promise<void> {
    if (this.writing) return;
    const look = ++this.started;
    let stamp: string;
    try {
      stamp = await this.read();
    } catch (error) {
      return this.failed(error as Error);
    }
    if (this.writing || look < this.droppedBelow) return;
    this.droppedBelow = look;
    const before = this.stamp;
    this.stamp = stamp;
    if (before !== null && before !== stamp) this.changed();
  }

  /**
   * A write through this replica: `changed` once it is done, after its stamp is read. What is made again then reads
   * the table after that stamp: a write another replica made meanwhile is in it, and any later one shows in the next
   * look. A failed write changes nothing here; a stamp that cannot be read is left as it was (the next look then counts
   * this write again: a second change, never a missed one).
   */
  async write<T>(work: () => Promise<T>): Promise<T> {
    this.writing += 1;
    this.droppedBelow = ++this.started;
    try {
      const result = await work();
      const stamp = await this.read().catch((error: Error) => {
        this.failed(error);
        return null;
      });
      // With another write of ours in flight this stamp may lack it: left as it was, the next look counts them again.
      if (stamp !== null && this.writing === 1) this.stamp = stamp;
      this.changed();
      return result;
    } finally {
      this.writing -= 1;
    }
  }
}
