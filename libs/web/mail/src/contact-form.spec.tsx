import { screen, waitFor } from '@testing-library/react';
import { CONTACT_TEXTS as T, DEFAULT_BRAND } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore, type FakeReply } from '@solvr/web-accounts/testing';
import { ContactForm } from './contact-form';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

function setup(reply: FakeReply | (() => Promise<FakeReply>) = { status: 201, body: { success: true } }) {
  server = fakeApi({ 'POST /contact': reply });
  const view = renderWithStore(<ContactForm />, { route: '/Contact', account: accountFixture() });
  const send = () => view.user.click(screen.getByRole('button', { name: T.send }));
  const write = async (category: string, subject: string, message: string) => {
    await view.user.selectOptions(field(T.category), category);
    await view.user.type(field(T.subject), subject);
    await view.user.type(field(T.message), message);
  };
  return { ...view, send, write };
}

describe('ContactForm (spec section 2, Contact)', () => {
  it("the spec's required message; the success panel; Send Another Message empties the message and keeps name and e-mail", async () => {
    const view = setup();
    expect(field(T.email).value).toBe('ada@example.com');
    expect(field(T.email).readOnly).toBe(true);
    await view.send();
    expect(screen.getByRole('alert').textContent).toBe(T.required);
    expect(server?.calls).toEqual([]);

    await view.user.type(field(T.name), 'Ada Admin');
    await view.write('bug-report', 'The overlay flickers', 'On a second monitor.');
    await view.send();
    expect(await screen.findByRole('heading', { name: T.successTitle })).toBeTruthy();
    expect(screen.getByText(T.successText)).toBeTruthy();
    expect(server?.calls[0]).toMatchObject({
      method: 'POST',
      path: '/contact',
      body: { name: 'Ada Admin', email: 'ada@example.com', category: 'bug-report', subject: 'The overlay flickers', message: 'On a second monitor.' },
    });

    await view.user.click(screen.getByRole('button', { name: T.sendAnother }));
    expect([field(T.category).value, field(T.subject).value, field(T.message).value]).toEqual(['', '', '']);
    expect(field(T.name).value).toBe('Ada Admin');
    expect(field(T.email).value).toBe('ada@example.com');
  });

  it("a send that fails shows the spec's text with the support address; a refusal the api explains is shown as it is", async () => {
    let reply: () => Promise<FakeReply> = () => Promise.reject(new TypeError('Failed to fetch'));
    const view = setup(() => reply());
    await view.user.type(field(T.name), 'Ada Admin');
    await view.write('technical-support', 'Again', 'Second message.');
    await view.send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(T.failed(DEFAULT_BRAND.supportEmail)));
    expect(T.failed(DEFAULT_BRAND.supportEmail)).toContain('support@solvr.app');

    reply = async () => ({ status: 429, body: { message: 'Too many messages. Please try again later.' } });
    await view.send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many messages. Please try again later.'));
    expect(screen.queryByRole('heading', { name: T.successTitle })).toBeNull();
  });
});
