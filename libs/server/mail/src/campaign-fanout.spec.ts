import { slices } from './campaign-fanout';

const recipient = (id: string) => ({ id, email: `${id}@example.com`, fullName: null, optedOut: false });

describe('slices: a read of recipients as chunks to write', () => {
  it('cuts the read into chunks of the given size, each ending at its last recipient and the last at the read’s own cursor', () => {
    const read = { recipients: ['a', 'b', 'c', 'd', 'e'].map(recipient), through: 'g' };
    expect(slices(read, 2).map((s) => [s.recipients.map((r) => r.id), s.through])).toEqual([
      [['a', 'b'], 'b'],
      [['c', 'd'], 'd'],
      [['e'], 'g'],
    ]);
  });

  it('moves the cursor past a read with no recipients (every id it passed over was left out)', () => {
    expect(slices({ recipients: [], through: 'k' }, 50)).toEqual([{ recipients: [], through: 'k' }]);
  });
});
