import { screen, within } from '@testing-library/react';
import { AUDIT_TEXTS as T, type AuditEntryView, type AuditPage } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import { AuditLog } from './audit-log';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const entry = (overrides: Partial<AuditEntryView>): AuditEntryView => ({
  id: 'a-1',
  action: 'file.delete',
  actor_id: 'u-1',
  actor_email: 'ada@example.com',
  target_type: 'file',
  target_id: '3f0c9a4e-8d1b-4c57-9a61-2b7e5d4c3a10',
  target_label: null,
  detail: null,
  ip: '203.0.113.7',
  created_date: '2025-07-04T12:00:00.000Z',
  ...overrides,
});

function setup(entries: AuditEntryView[]) {
  server = fakeApi({ 'GET /admin/audit': { status: 200, body: { entries, next: null } satisfies AuditPage } });
  renderWithStore(<AuditLog />, { account: accountFixture({ role: 'admin' }) });
}

describe('AuditLog', () => {
  it('names a deleted item by the name kept at delete time; only an unnamed one shows its id', async () => {
    setup([
      entry({ id: 'a-1', target_label: 'Interview Kit' }),
      entry({ id: 'a-2', action: 'news.delete', target_type: 'news', target_id: 'n-9', target_label: 'Platform Launch' }),
      entry({ id: 'a-3', target_label: null }),
    ]);
    const rows = (await screen.findAllByRole('row')).slice(1);
    const target = (row: HTMLElement) => within(row).getAllByRole('cell')[3];
    expect(rows.map((r) => target(r).textContent)).toEqual(['file: Interview Kit', 'news: Platform Launch', 'file: 3f0c9a4e-8d1b-4c57-9a61-2b7e5d4c3a10']);
    expect(within(rows[0]).queryByText(/3f0c9a4e/)).toBeNull();
  });

  it('labels every cell with its column (the stacked rows of a narrow screen show it); only long tokens may break anywhere', async () => {
    setup([entry({ detail: 'is_active: false' })]);
    const [head, row] = await screen.findAllByRole('row');
    const headers = within(head).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([T.when, T.actor, T.action, T.target, T.detail, T.ip]);
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(headers);
    // Words wrap between words: the anywhere-breaking class is on the e-mail, the id and the IP, never on a cell of words.
    const tokens = [...row.querySelectorAll('.ad-audit-token')].map((t) => t.textContent);
    expect(tokens).toEqual(['ada@example.com', '3f0c9a4e-8d1b-4c57-9a61-2b7e5d4c3a10', '203.0.113.7']);
    expect(cells[0].classList.contains('ad-audit-token')).toBe(false);
    expect(cells[4].classList.contains('ad-audit-token')).toBe(false);
  });

  it('lets a label or detail with no space in it (an e-mail, a JSON change) break anywhere, and keeps one of words whole', async () => {
    setup([
      entry({ id: 'a-1', action: 'user.role', target_type: 'user', target_label: 'promote-me.1795748919114.6ycs0@example.com', detail: 'role: admin' }),
      entry({ id: 'a-2', action: 'release.change', target_type: 'release', target_label: 'stable 2.1.0', detail: '{"rollout_percent":50}' }),
    ]);
    const rows = (await screen.findAllByRole('row')).slice(1);
    const tokens = (row: HTMLElement) => [...row.querySelectorAll('.ad-audit-token')].map((t) => t.textContent);
    expect(tokens(rows[0])).toEqual(['ada@example.com', 'promote-me.1795748919114.6ycs0@example.com', '203.0.113.7']);
    expect(tokens(rows[1])).toEqual(['ada@example.com', '{"rollout_percent":50}', '203.0.113.7']);
    expect(within(rows[1]).getAllByRole('cell')[3].textContent).toBe('release: stable 2.1.0');
  });
});
