import { screen, waitFor } from '@testing-library/react';
import { ADMIN_UPLOAD_TEXTS as U, EMAIL_CENTER_TEXTS as M, RELEASES_ADMIN_TEXTS as R, type MailRecipientPage } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import Admin from './Admin';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  jest.restoreAllMocks();
});

const users = [{ id: 'u-1', email: 'ann@mail.example.com', full_name: null, opted_out: false }];

function setup() {
  server = fakeApi({
    'GET /admin/mail/recipients': { status: 200, body: { users, total: 1 } satisfies MailRecipientPage },
    'POST /admin/mail/preview': { status: 200, body: { from: '', subject: '', html: '' } },
    'GET /admin/mail/campaigns': { status: 200, body: [] },
    'GET /admin/files/limits': { status: 200, body: { max_bytes: 1_000_000 } },
  });
  const view = renderWithStore(<Admin />, { route: '/Admin?tab=Email', account: accountFixture({ role: 'admin' }) });
  const open = (tab: string) => view.user.click(screen.getByRole('tab', { name: tab }));
  return { ...view, open };
}

describe('Admin: switching tabs keeps the work in them', () => {
  it('an e-mail draft and its recipients are still there after another tab was open', async () => {
    const view = setup();
    await view.user.click(await screen.findByRole('checkbox', { name: users[0].email }));
    await view.user.type(screen.getByLabelText(new RegExp(`^${M.subject}`)), 'Half written');
    await view.open('Upload');
    expect(view.location()).toBe('/Admin?tab=Upload');
    expect(screen.getByRole('heading', { name: U.title })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: M.title })).toBeNull();

    await view.open('Email');
    expect((screen.getByLabelText(new RegExp(`^${M.subject}`)) as HTMLInputElement).value).toBe('Half written');
    expect((screen.getByRole('checkbox', { name: users[0].email }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(M.selected(1))).toBeTruthy();
  });

  it('an upload keeps going while another tab is open', async () => {
    const sent = jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    const aborted = jest.spyOn(XMLHttpRequest.prototype, 'abort').mockImplementation(() => undefined);
    const view = setup();
    await view.open('Upload');
    await waitFor(() => expect(server?.calls.some((c) => c.path === '/admin/files/limits')).toBe(true));
    await view.user.upload(screen.getByLabelText(new RegExp(`^${U.file}( \\*)?$`)), new File(['x'.repeat(100)], 'Installer.zip', { type: 'application/zip' }));
    await view.user.click(screen.getByRole('button', { name: U.submit }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));

    await view.open('Email');
    await view.open('Upload');
    expect(aborted).not.toHaveBeenCalled();
    expect(screen.getByRole('progressbar', { name: U.progress })).toBeTruthy();
    expect(screen.getByRole('button', { name: U.uploading })).toBeTruthy();
    // Leaving the page altogether asks first.
    expect(window.dispatchEvent(new Event('beforeunload', { cancelable: true }))).toBe(false);
  });
});

describe('Admin: the Releases tab', () => {
  it('opens from the address (?tab=Releases) and from its tab, with the versions and the deploy tokens', async () => {
    server = fakeApi({
      'GET /admin/releases': { status: 200, body: [] },
      'GET /admin/deploy-tokens': { status: 200, body: [] },
    });
    const view = renderWithStore(<Admin />, { route: '/Admin?tab=Releases', account: accountFixture({ role: 'admin' }) });
    expect(screen.getByRole('tab', { name: R.tab }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: R.empty })).toBeTruthy();
    expect(await screen.findByText(R.noTokens)).toBeTruthy();
    await view.user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(view.location()).toBe('/Admin');
    await view.user.click(screen.getByRole('tab', { name: R.tab }));
    expect(view.location()).toBe('/Admin?tab=Releases');
    expect(await screen.findByRole('heading', { name: R.tokensHeading })).toBeTruthy();
  });
});
