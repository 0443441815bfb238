import { render, screen } from '@testing-library/react';
import { PasswordChecklist } from './password-checklist';

const met = () => screen.getAllByRole('listitem').map((li) => li.getAttribute('data-met'));

describe('PasswordChecklist', () => {
  it('marks each rule as it is met', () => {
    const { rerender } = render(<PasswordChecklist password="" />);
    expect(met()).toEqual(['false', 'false', 'false', 'false', 'false']);
    rerender(<PasswordChecklist password="abcDEF" />);
    expect(met()).toEqual(['false', 'true', 'true', 'false', 'false']);
    rerender(<PasswordChecklist password="abcDEF12!x" />);
    expect(met()).toEqual(['true', 'true', 'true', 'true', 'true']);
  });
});
