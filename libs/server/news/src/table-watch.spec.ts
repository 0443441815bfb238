import { TableWatch } from './table-watch';

/** Lets every continuation waiting on a settled promise run. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A table whose stamp reads answer when the test says: each read waits for its own answer() or fail(). */
function table() {
  const reads: Array<{ answer(stamp: string): Promise<void>; fail(error: Error): Promise<void> }> = [];
  let changes = 0;
  const failures: string[] = [];
  const read = () =>
    new Promise<string>((resolve, reject) => {
      reads.push({
        answer: async (stamp) => {
          resolve(stamp);
          await settled();
        },
        fail: async (error) => {
          reject(error);
          await settled();
        },
      });
    });
  const watch = new TableWatch(read, () => (changes += 1), (error) => failures.push(error.message));
  return { watch, reads, changes: () => changes, failures };
}

/** A table whose first look took '1|a' as its baseline (reads[0]). */
async function tableAfterFirstLook() {
  const t = table();
  await lookAnswered(t, 0, '1|a');
  return t;
}

/** A look that takes `stamp` as the next read's answer (reads[at]). */
async function lookAnswered(t: ReturnType<typeof table>, at: number, stamp: string) {
  const look = t.watch.look();
  await t.reads[at].answer(stamp);
  await look;
}

/** A write whose work ends when `end()` is called. */
function pendingWrite(watch: TableWatch) {
  let finish!: () => void;
  const work = new Promise<void>((resolve) => (finish = resolve));
  const done = watch.write(() => work);
  const end = async () => {
    finish();
    await settled();
  };
  return { done, end };
}

describe('TableWatch', () => {
  it("counts another replica's write once: the first look is the baseline, a new stamp a change", async () => {
    const t = table();
    await lookAnswered(t, 0, '1|a');
    expect(t.changes()).toBe(0);
    await lookAnswered(t, 1, '1|a');
    expect(t.changes()).toBe(0);
    await lookAnswered(t, 2, '2|b');
    expect(t.changes()).toBe(1);
  });

  it('counts its own write once when a look that started before it answers after the write committed', async () => {
    const t = await tableAfterFirstLook();
    // A periodic look's query is on its way when an admin's write comes through this replica.
    const early = t.watch.look();
    const write = pendingWrite(t.watch);
    await write.end();
    // The early look's query ran after the write committed, and answers before the write's own stamp read.
    await t.reads[1].answer('2|b');
    await early;
    await t.reads[2].answer('2|b');
    await write.done;
    expect(t.changes()).toBe(1);
    await lookAnswered(t, 3, '2|b');
    expect(t.changes()).toBe(1);
  });

  it('counts its own write once when a look that started before it answers after the write is done', async () => {
    const t = await tableAfterFirstLook();
    const early = t.watch.look();
    const write = pendingWrite(t.watch);
    await write.end();
    await t.reads[2].answer('2|b');
    await write.done;
    expect(t.changes()).toBe(1);
    // Its query ran before the write: taken, the next look would count the write again.
    await t.reads[1].answer('1|a');
    await early;
    await lookAnswered(t, 3, '2|b');
    expect(t.changes()).toBe(1);
  });

  it('drops a look that answers while a write is in flight, and starts none then', async () => {
    const t = await tableAfterFirstLook();
    const early = t.watch.look();
    const write = pendingWrite(t.watch);
    await t.reads[1].answer('2|b'); // answered before the write ended: it may or may not hold it
    await early;
    await t.watch.look(); // no read while the write is in flight
    expect(t.reads).toHaveLength(2);
    await write.end();
    await t.reads[2].answer('2|b');
    await write.done;
    expect(t.changes()).toBe(1);
  });

  it('drops an older look that answers after a newer one was taken', async () => {
    const t = await tableAfterFirstLook();
    const older = t.watch.look();
    await lookAnswered(t, 2, '2|b');
    expect(t.changes()).toBe(1);
    await t.reads[1].answer('1|a');
    await older;
    await lookAnswered(t, 3, '2|b');
    expect(t.changes()).toBe(1);
  });

  it('never misses a change when a stamp cannot be read: the next look counts the write again', async () => {
    const t = await tableAfterFirstLook();
    const write = pendingWrite(t.watch);
    await write.end();
    await t.reads[1].fail(new Error('connection lost'));
    await write.done;
    expect(t.changes()).toBe(1);
    expect(t.failures).toEqual(['connection lost']);
    await lookAnswered(t, 2, '2|b');
    expect(t.changes()).toBe(2);
  });

  it('calls no change for a write that failed', async () => {
    const t = table();
    await expect(t.watch.write(() => Promise.reject(new Error('duplicate slug')))).rejects.toThrow('duplicate slug');
    expect(t.changes()).toBe(0);
    expect(t.reads).toHaveLength(0);
    const look = t.watch.look();
    expect(t.reads).toHaveLength(1); // looks run again after it
    await t.reads[0].answer('1|a');
    await look;
  });
});
