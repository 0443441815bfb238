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
