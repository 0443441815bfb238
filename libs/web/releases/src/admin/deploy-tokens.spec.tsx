import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_FILES_TEXTS, PORTAL_TEXTS, RELEASE_TEXTS, RELEASES_ADMIN_TEXTS as T, type DeployTokenCreated, type DeployTokenView } from '@solvr/contracts';
import { accountFixture, fakeApi, heldReply, renderWithStore, type FakeCall, type FakeReply } from '@solvr/web-accounts/testing';
import { DeployTokens } from './deploy-tokens';

const ci: DeployTokenView = { id: 't-1', name: 'GitHub Actions', created_date: '2025-09-01T12:00:00.000Z', last_used_date: '2025-09-03T08:00:00.000Z', revoked_date: null };
const fresh: DeployTokenView = { id: 't-2', name: 'Nightly', created_date: '2025-09-04T12:00:00.000Z', last_used_date: null, revoked_date: null };
const old: DeployTokenView = { id: 't-0', name: 'Old runner', created_date: '2025-08-01T12:00:00.000Z', last_used_date: null, revoked_date: '2025-08-20T12:00:00.000Z' };
const TOKEN = 'solvr_deploy_0123456789abcdef0123456789abcdef';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  jest.restoreAllMocks();
});

type Route = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

function setup(tokens: () => DeployTokenView[], routes: Record<string, Route> = {}) {
  server = fakeApi({ 'GET /admin/deploy-tokens': () => ({ status: 200, body: tokens() }), ...routes });
  const view = renderWithStore(<DeployTokens />, { account: accountFixture({ role: 'admin' }) });
  const row = (name: string) => within(screen.getByText(name).closest('li') as HTMLElement);
  const listCalls = () => server?.calls.filter((c) => c.method === 'GET').length ?? 0;
  return { ...view, row, listCalls };
}

describe('DeployTokens', () => {
  it('lists each token with its dates, Never for one not used yet, and Revoked without a Revoke button', async () => {
    const view = setup(() => [ci, fresh, old]);
    await screen.findByText('GitHub Actions');
    expect(screen.getByRole('heading', { name: T.tokensHeading })).toBeTruthy();
    expect(screen.getByText(T.tokensHelp)).toBeTruthy();
    const facts = (name: string) => [...(view.row(name).getAllByRole('term')[0].closest('dl') as HTMLElement).querySelectorAll('div')].map((d) => d.textContent);
    expect(facts('GitHub Actions')).toEqual([`${ADMIN_FILES_TEXTS.created}Sep 1, 2025`, `${T.lastUsed}Sep 3, 2025`]);
    expect(facts('Nightly')).toEqual([`${ADMIN_FILES_TEXTS.created}Sep 4, 2025`, `${T.lastUsed}${T.never}`]);
    expect(facts('Old runner')).toEqual([`${ADMIN_FILES_TEXTS.created}Aug 1, 2025`, `${T.lastUsed}${T.never}`, `${T.revoked}Aug 20, 2025`]);
    expect(view.row('Old runner').getByText(T.revoked, { selector: '.ui-badge' })).toBeTruthy();
    expect(view.row('Old runner').queryByRole('button')).toBeNull();
    expect(view.row('Nightly').getByRole('button', { name: T.revokeLabel('Nightly') }).textContent).toBe(T.revoke);
  });

  it('says when there is none', async () => {
    setup(() => []);
    expect(await screen.findByText(T.noTokens)).toBeTruthy();
  });

  it('creates a token with its name and shows the token this once, with a copy button; Done hides it for good', async () => {
    let tokens = [ci];
    const created: DeployTokenCreated = { ...fresh, token: TOKEN };
    const view = setup(() => tokens, {
      'POST /admin/deploy-tokens': () => {
        tokens = [ci, fresh];
        return { status: 201, body: created };
      },
    });
    await screen.findByText('GitHub Actions');
    // No name: the api's rule, before asking.
    await view.user.click(screen.getByRole('button', { name: T.createToken }));
    expect(screen.getByRole('alert').textContent).toContain(RELEASE_TEXTS.tokenName);
    expect(server?.calls.some((c) => c.method === 'POST')).toBe(false);

    await view.user.type(screen.getByLabelText(T.tokenName), '  Nightly ');
    await view.user.click(screen.getByRole('button', { name: T.createToken }));
    const shown = (await screen.findByText(T.tokenShownOnce)).closest('.ui-alert') as HTMLElement;
    expect(server?.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Nightly' });
    expect(shown.textContent).toContain(T.tokenCreated('Nightly'));
    expect(within(shown).getByText(T.tokenShownOnce)).toBeTruthy();
    expect(within(shown).getByText(TOKEN)).toBeTruthy();
    expect(document.activeElement).toBe(shown);
    expect((screen.getByLabelText(T.tokenName) as HTMLInputElement).value).toBe('');

    await view.user.click(within(shown).getByRole('button', { name: T.copyToken }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN);
    expect(within(shown).getByText(PORTAL_TEXTS.files.copied)).toBeTruthy();

    // The list read again has the new token, never its secret.
    await screen.findByText('Nightly', { selector: '.fa-token-name' });
    expect(screen.getAllByText(TOKEN)).toHaveLength(1);
    await view.user.click(within(shown).getByRole('button', { name: T.tokenDone }));
    expect(screen.queryByText(TOKEN)).toBeNull();
    expect(screen.queryByText(T.tokenShownOnce)).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(T.tokenName));
  });

  it("shows the api's refusal of a name", async () => {
    const view = setup(() => [], { 'POST /admin/deploy-tokens': { status: 400, body: { message: RELEASE_TEXTS.tokenName } } });
    await screen.findByText(T.noTokens);
    await view.user.type(screen.getByLabelText(T.tokenName), 'x'.repeat(100));
    await view.user.click(screen.getByRole('button', { name: T.createToken }));
    expect((await screen.findByRole('alert')).textContent).toContain(RELEASE_TEXTS.tokenName);
    expect(screen.queryByText(T.tokenShownOnce)).toBeNull();
  });

  it('Revoke asks first with the name; Cancel keeps it, confirming sends DELETE and the row says Revoked', async () => {
    const held = heldReply({ status: 200, body: { ...ci, revoked_date: '2025-09-05T12:00:00.000Z' } });
    let tokens = [ci];
    const view = setup(() => tokens, { 'DELETE /admin/deploy-tokens/t-1': held.route });
    await screen.findByText('GitHub Actions');
    const revoke = () => view.user.click(screen.getByRole('button', { name: T.revokeLabel('GitHub Actions') }));

    await revoke();
    let dialog = screen.getByRole('dialog', { name: T.revokeTitle });
    expect(within(dialog).getByText(T.revokeConfirm('GitHub Actions'))).toBeTruthy();
    await view.user.click(within(dialog).getByRole('button', { name: ADMIN_FILES_TEXTS.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server?.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await revoke();
    dialog = screen.getByRole('dialog', { name: T.revokeTitle });
    await view.user.click(within(dialog).getByRole('button', { name: T.revoke }));
    expect(((await within(dialog).findByRole('button', { name: T.revoking })) as HTMLButtonElement).disabled).toBe(true);
    tokens = [{ ...ci, revoked_date: '2025-09-05T12:00:00.000Z' }];
    held.release();
    await waitFor(() => expect(view.row('GitHub Actions').getByText(T.revoked, { selector: '.ui-badge' })).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server?.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/admin/deploy-tokens/t-1']);
    // Its button is gone: the focus is on its row, not lost.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('GitHub Actions').closest('li')));
  });

  it('a failed revoke says why and keeps the token', async () => {
    const view = setup(() => [ci], { 'DELETE /admin/deploy-tokens/t-1': { status: 404, body: { message: RELEASE_TEXTS.tokenNotFound } } });
    await screen.findByText('GitHub Actions');
    await view.user.click(screen.getByRole('button', { name: T.revokeLabel('GitHub Actions') }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: T.revoke }));
    expect((await screen.findByRole('alert')).textContent).toBe(RELEASE_TEXTS.tokenNotFound);
    expect(view.row('GitHub Actions').getByRole('button', { name: T.revokeLabel('GitHub Actions') })).toBeTruthy();
  });
});
