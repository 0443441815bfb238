import { screen, waitFor } from '@testing-library/react';
import { PROFILE_MESSAGES as M } from '@solvr/contracts';
import { accountFixture, fakeApi, heldReply, profileFixture, renderWithStore, type FakeReply } from '../../testing';
import { CompleteProfileForm } from './index';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const byId = (id: string) => document.getElementById(id) as HTMLInputElement;
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

async function setup(askPassword = false, save: FakeReply | (() => Promise<FakeReply>) = { status: 200, body: { success: true, profile: profileFixture({ profile_completed: true }) } }) {
  server = fakeApi({
    'GET /users/me/profile': { status: 200, body: profileFixture() },
    'PUT /users/me/profile': save,
  });
  const view = renderWithStore(<CompleteProfileForm askPassword={askPassword} />, {
    route: `/CompleteProfile?hasPassword=${askPassword ? 'no' : 'yes'}`,
    account: accountFixture({ profile_completed: false }),
  });
  await screen.findByText('Complete Your Profile');
  const submit = () => view.user.click(screen.getByRole('button', { name: /Complete Profile|Saving Profile/ }));
  const fillValid = async () => {
    await view.user.type(byId('first_name'), 'Ada');
    await view.user.type(byId('last_name'), 'Lovelace');
    await view.user.type(byId('phone'), '(555) 123-4567');
    await view.user.type(byId('street_address_1'), '12 Analytical Way');
    await view.user.type(byId('city'), 'San Francisco');
    await view.user.click(byId('state_province'));
    await view.user.keyboard('Calif');
    await view.user.click(screen.getByRole('option', { name: 'California' }));
    await view.user.type(byId('postal_code'), '94016');
  };
  return { ...view, submit, fillValid };
}

describe('CompleteProfileForm', () => {
  it("shows the account's e-mail, and no password block unless the account has none", async () => {
    await setup();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(byId('password')).toBeNull();
    expect(screen.getByText(M.footer)).toBeTruthy();
  });

  it('on an empty submit: the banner, then each message in the order of the form; nothing is saved', async () => {
    const view = await setup();
    await view.submit();
    expect(alerts()).toEqual([M.invalidForm, M.firstName, M.lastName, M.phoneRequired, M.streetRequired, M.cityRequired, M.stateRequired, M.postalRequired]);
    expect(server?.calls.map((c) => c.method)).toEqual(['GET']);
    await view.user.type(byId('first_name'), 'A');
    expect(alerts()).not.toContain(M.firstName);
  });

  it('saves the payload of spec section 3, showing Saving Profile... on a disabled button, then goes to the Dashboard', async () => {
    const held = heldReply({ status: 200, body: { success: true, profile: profileFixture({ full_name: 'Ada Lovelace', profile_completed: true }) } });
    const view = await setup(false, held.route);
    await view.fillValid();
    await view.submit();
    const button = await screen.findByRole('button', { name: 'Saving Profile...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    held.release();
    await waitFor(() => expect(view.location()).toBe('/Dashboard'));
    expect(server?.calls[1]).toMatchObject({
      method: 'PUT',
      path: '/users/me/profile',
      body: {
        userid: 'u-1',
        full_name: 'Ada Lovelace',
        phone: '+15551234567',
        street_address_1: '12 Analytical Way',
        city: 'San Francisco',
        state_province: 'California',
        postal_code: '94016',
        country: 'United States',
        profile_completed: true,
      },
    });
    expect(view.store.getState().session.user).toMatchObject({ full_name: 'Ada Lovelace', profile_completed: true });
  });

  it("shows the server's message and its field errors", async () => {
    const view = await setup(false, { status: 400, body: { message: M.invalidForm, errors: { postal_code: M.postalLength } } });
    await view.fillValid();
    await view.submit();
    await waitFor(() => expect(alerts()).toEqual([M.invalidForm, M.postalLength]));
    expect(view.location()).toBe('/CompleteProfile?hasPassword=yes');
  });

  it("says so when the save does not succeed", async () => {
    const view = await setup(false, { status: 200, body: { success: false, profile: profileFixture() } });
    await view.fillValid();
    await view.submit();
    await waitFor(() => expect(alerts()).toEqual([M.saveUnsuccessful]));
  });

  it('with hasPassword=no: the password must meet every rule and be confirmed', async () => {
    const view = await setup(true);
    await view.fillValid();
    await view.user.type(byId('password'), 'weak');
    const rule = (label: string) => screen.getAllByRole('listitem').find((li) => li.textContent?.includes(label))?.getAttribute('data-met');
    expect([rule('An uppercase letter'), rule('A lowercase letter')]).toEqual(['false', 'true']);
    await view.submit();
    expect(alerts()).toEqual([M.invalidForm, M.passwordRules]);
    await view.user.clear(byId('password'));
    await view.user.type(byId('password'), 'Str0ng-Password');
    await view.user.type(byId('confirm_password'), 'Str0ng-Passwort');
    await view.submit();
    expect(alerts()).toEqual([M.invalidForm, M.passwordMismatch]);
    await view.user.clear(byId('confirm_password'));
    await view.user.type(byId('confirm_password'), 'Str0ng-Password');
    await view.submit();
    await waitFor(() => expect(view.location()).toBe('/Dashboard'));
    expect(server?.calls[1].body).toMatchObject({ password: 'Str0ng-Password' });
  });

  it('a complete profile goes straight on to the Dashboard', async () => {
    server = fakeApi({ 'GET /users/me/profile': { status: 200, body: profileFixture({ profile_completed: true }) } });
    const view = renderWithStore(<CompleteProfileForm askPassword={false} />, { route: '/CompleteProfile', account: accountFixture() });
    await waitFor(() => expect(view.location()).toBe('/Dashboard'));
  });
});
