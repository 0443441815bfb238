import { csvDate, csvDateTime, csvSafeCell, lastDays, userActivity, usersCsvRow } from './admin-users';

describe('admin users rules', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('labels activity by spec section 4: no login New, within 720 hours Active, else Inactive', () => {
    expect(userActivity(null, now)).toBe('New');
    expect(userActivity(new Date(now.getTime() - 720 * 3600_000), now)).toBe('Active');
    expect(userActivity(new Date(now.getTime() - 720 * 3600_000 - 1), now)).toBe('Inactive');
    expect(userActivity('2026-11-22T12:00:00Z', now)).toBe('Active');
  });

  it('defuses cells a spreadsheet would run as formulas, and leaves others alone', () => {
    for (const v of ['=1+1', '+SUM(A1)', '-2+3', '-1', '@x', '@SUM(A1)', '+', '+1+1', "+1'", '+1 555 cmd', '\tx', '\rx', '=123']) expect(csvSafeCell(v)).toBe(`'${v}`);
    for (const v of ['Jane', 'a=b', ' =x', '', 'Ünïcode']) expect(csvSafeCell(v)).toBe(v);
  });

  it('leaves a phone number as it is: digits, spaces, ( ) . - and a leading + name no function and no cell', () => {
    for (const v of ['+15551234567', '+1 (555) 123-4567', '+44 20 7946 0958', '+1.555.123.4567', '+(351) 21 000', '555-0100', '(555) 010 0100']) expect(csvSafeCell(v)).toBe(v);
    expect(csvSafeCell(null)).toBe('');
    expect(csvSafeCell(3)).toBe('3');
  });

  it("writes a users.csv row in the spec's column order and formats, 'Never' without a login", () => {
    const base = { id: 'x', email: 'a@b.test', role: 'admin' as const, company: null, job_title: null, phone: '+1 555', email_verified: true, download_count: 4, created_date: '2026-01-02T03:04:05Z' };
    expect(usersCsvRow({ ...base, full_name: 'Ann', last_login: '2026-11-20T09:08:00Z' })).toEqual(['Ann', 'a@b.test', 'admin', '', '', '+1 555', '4', '2026-01-02', '2026-11-20 09:08']);
    expect(usersCsvRow({ ...base, full_name: null, last_login: null })[8]).toBe('Never');
    expect(csvDate(new Date('2026-03-04T23:59:00Z'))).toBe('2026-03-04');
    expect(csvDateTime(new Date('2026-03-04T05:06:59Z'))).toBe('2026-03-04 05:06');
  });

  it('fills the last 30 days with zeros, oldest first, ending today', () => {
    const days = lastDays({ '2026-11-23': 5, '2026-10-25': 2, '2026-10-24': 9 }, 30, now);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-10-25', count: 2 });
    expect(days[29]).toEqual({ day: '2026-11-23', count: 5 });
    expect(days.reduce((n, d) => n + d.count, 0)).toBe(7);
  });
});
