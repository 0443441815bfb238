import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorSummary } from './alert';

function Form() {
  const [attempt, setAttempt] = useState(0);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setAttempt((n) => n + 1);
      }}
    >
      <ErrorSummary message={attempt ? 'Please fix the errors below before submitting.' : ''} attempt={attempt} />
      <input aria-label="Name" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('ErrorSummary', () => {
  it('shows nothing without a message; takes the focus when the error appears and on every later failed attempt', async () => {
    const user = userEvent.setup();
    render(<Form />);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = screen.getByRole('alert');
    expect(summary.textContent).toBe('Please fix the errors below before submitting.');
    expect(document.activeElement).toBe(summary);
    expect(summary.getAttribute('tabindex')).toBe('-1');
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });
});
