import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from './accordion';

const ITEMS = [
  { id: 'a', title: 'What is Solvr?', content: 'An assistant.' },
  { id: 'b', title: 'Is it free?', content: 'Yes.' },
  { id: 'c', title: 'Which OS?', content: 'All of them.' },
];

describe('Accordion', () => {
  it('single: toggles aria-expanded and shows one region at a time', async () => {
    const user = userEvent.setup();
    render(<Accordion items={ITEMS} />);
    const a = screen.getByRole('button', { name: 'What is Solvr?' });
    const b = screen.getByRole('button', { name: 'Is it free?' });
    expect(a.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();

    await user.click(a);
    expect(a.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: 'What is Solvr?' });
    expect(region.id).toBe(a.getAttribute('aria-controls'));
    expect(region.textContent).toBe('An assistant.');

    await user.click(b);
    expect(a.getAttribute('aria-expanded')).toBe('false');
    expect(b.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('region')).toHaveLength(1);

    await user.click(b);
    expect(b.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('multiple with defaultOpen keeps several open', async () => {
    const user = userEvent.setup();
    render(<Accordion items={ITEMS} type="multiple" defaultOpen={['c']} />);
    expect(screen.getByRole('button', { name: 'Which OS?' }).getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'What is Solvr?' }));
    expect(screen.getAllByRole('region')).toHaveLength(2);
  });
});
