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
    // The password block follows the account: it is offered only when the account has no password.
    'GET /users/me/profile': { status: 200, body: profileFixture({ has_password: !askPassword }) },
    'PUT /users/me/profile': save,
  });
  const view = renderWithStore(<CompleteProfileForm />, {
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
    const view = renderWithStore(<CompleteProfileForm />, { route: '/CompleteProfile', account: accountFixture() });
    await waitFor(() => expect(view.location()).toBe('/Dashboard'));
  });

  it('shows the password block only when the account really has no password, whatever hasPassword says', async () => {
    server = fakeApi({ 'GET /users/me/profile': { status: 200, body: profileFixture({ has_password: true }) } });
    const forged = renderWithStore(<CompleteProfileForm />, { route: '/CompleteProfile?hasPassword=no', account: accountFixture({ profile_completed: false }) });
    await screen.findByText('Complete Your Profile');
    expect(byId('password')).toBeNull();
    expect(byId('confirm_password')).toBeNull();
    forged.unmount();
    server.restore();

    server = fakeApi({ 'GET /users/me/profile': { status: 200, body: profileFixture({ has_password: false }) } });
    renderWithStore(<CompleteProfileForm />, { route: '/CompleteProfile?hasPassword=yes', account: accountFixture({ profile_completed: false, has_password: false }) });
    await screen.findByText('Complete Your Profile');
    expect(byId('password')).not.toBeNull();
  });

  it('an account with a password never sends one, even if the form had one typed', async () => {
    const view = await setup(false);
    await view.fillValid();
    await view.submit();
    await waitFor(() => expect(view.location()).toBe('/Dashboard'));
    expect(server?.calls[1].body).not.toHaveProperty('password');
  });

  it("a save that throws (a server failure or no answer) says 'Failed to save profile. Please try again.'", async () => {
    let reply: FakeReply | (() => Promise<FakeReply>) = { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
    const view = await setup(false, () => (typeof reply === 'function' ? reply() : Promise.resolve(reply)));
    await view.fillValid();
    await view.submit();
    await waitFor(() => expect(alerts()).toEqual([M.saveFailed]));
    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await view.submit();
    await waitFor(() => expect(alerts()).toEqual([M.saveFailed]));
    expect(view.location()).toBe('/CompleteProfile?hasPassword=yes');
  });

  it('after an invalid submit the focus moves to the error summary, again on every attempt', async () => {
    const view = await setup();
    await view.submit();
    const summary = screen.getAllByRole('alert')[0];
    expect(summary.textContent).toBe(M.invalidForm);
    expect(document.activeElement).toBe(summary);
    view.user.click(byId('first_name'));
    await waitFor(() => expect(document.activeElement).toBe(byId('first_name')));
    await view.submit();
    expect(document.activeElement).toBe(screen.getAllByRole('alert')[0]);
  });

  it("puts the phone field's required flag and error link on the phone input, not on its wrapper", async () => {
    const view = await setup();
    await view.submit();
    const phone = byId('phone');
    expect(phone.getAttribute('aria-required')).toBe('true');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toBe('phone-error');
    expect(document.getElementById('phone-error')?.textContent).toBe(M.phoneRequired);
    const wrapper = phone.closest('.acc-phone') as HTMLElement;
    for (const attr of ['aria-required', 'aria-invalid', 'aria-describedby']) expect(wrapper.hasAttribute(attr)).toBe(false);
    expect(screen.getByLabelText(/^Phone/, { selector: 'input' })).toBe(phone);
  });

  it('the dial-code picker shows each country in full with its code once, and ranks the best matches first', async () => {
    const view = await setup();
    const dial = screen.getByRole('combobox', { name: 'Country dial code' });
    expect(dial.textContent).toContain('+1');
    await view.user.click(dial);
    await view.user.keyboard('44');
    const rows = screen.getAllByRole('option').map((o) => o.textContent);
    expect(rows[0]).toBe('🇬🇧United Kingdom+44');
    expect(rows.findIndex((r) => r?.includes('+244'))).toBeGreaterThan(rows.findIndex((r) => r?.includes('+441')));
    for (const row of rows) expect(row?.match(/\+\d+/g)).toHaveLength(1);
    await view.user.keyboard('{Enter}');
    expect(dial.textContent).toContain('+44');
    expect(dial.textContent).toContain('United Kingdom');

    await view.user.click(byId('country'));
    await view.user.keyboard('can');
    expect(screen.getAllByRole('option').map((o) => o.textContent?.replace(/^\S+?(?=[A-Z])/u, ''))[0]).toBe('Canada');
  });

  it("changing the country clears the state and swaps its list for the new country's, prefix matches first", async () => {
    const view = await setup();
    await view.fillValid();
    expect(byId('state_province').textContent).toContain('California');
    await view.user.click(byId('country'));
    await view.user.keyboard('Canad');
    await view.user.click(screen.getByRole('option', { name: /Canada/ }));
    expect(byId('state_province').textContent).toContain('Select state/province');
    // Cleared, not only hidden: the form asks for it again.
    await view.submit();
    expect(alerts()).toEqual([M.invalidForm, M.stateRequired]);
    await view.user.click(byId('state_province'));
    await view.user.keyboard('b');
    const states = screen.getAllByRole('option').map((o) => o.textContent);
    expect(states[0]).toBe('British Columbia');
    expect(states).not.toContain('California');
    await view.user.click(screen.getByRole('option', { name: 'British Columbia' }));
    await view.submit();
    await waitFor(() => expect(view.location()).toBe('/Dashboard'));
    expect(server?.calls[1].body).toMatchObject({ country: 'Canada', state_province: 'British Columbia' });
  });
});
