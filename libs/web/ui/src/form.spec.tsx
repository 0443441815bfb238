import { render, screen } from '@testing-library/react';
import { Field, Input, Textarea } from './form';

describe('Input / Textarea', () => {
  it('invalid sets aria-invalid; refs are forwarded', () => {
    const ref = { current: null as HTMLInputElement | null };
    const tref = { current: null as HTMLTextAreaElement | null };
    render(
      <>
        <Input ref={ref} aria-label="Name" invalid />
        <Textarea ref={tref} aria-label="Bio" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(ref.current).toBe(input);
    const bio = screen.getByRole('textbox', { name: 'Bio' });
    expect(bio.hasAttribute('aria-invalid')).toBe(false);
    expect(tref.current).toBe(bio);
  });
});

describe('Field', () => {
  it('labels the control and links hint and error', () => {
    render(
      <Field label="Email" htmlFor="email" hint="We never share it" error="Email is required" required>
        <Input id="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input.getAttribute('aria-describedby')).toBe('email-hint email-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Email is required');
    expect(document.getElementById('email-hint')?.textContent).toBe('We never share it');
  });

  it('no error: no alert, not invalid', () => {
    render(
      <Field label="Name" htmlFor="name">
        <Input id="name" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Field with a wrapped control', () => {
  it('gives the aria props to the control the function puts them on, not to the wrapper', () => {
    render(
      <Field label="Phone" htmlFor="phone" hint="Digits only" error="Phone number is required." required>
        {(control) => (
          <div data-testid="wrapper">
            <button type="button">+1</button>
            <Input id="phone" {...control} />
          </div>
        )}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Phone/ });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('phone-hint phone-error');
    const wrapper = screen.getByTestId('wrapper');
    for (const attr of ['aria-required', 'aria-invalid', 'aria-describedby']) expect(wrapper.hasAttribute(attr)).toBe(false);
  });
});
