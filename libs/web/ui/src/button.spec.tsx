import { render, screen, fireEvent } from '@testing-library/react';
import { Button } from './button';
import { cn } from './cn';
import { Spinner } from './spinner';
import { Alert } from './alert';
import { Badge } from './badge';
import { SkeletonCard } from './skeleton';

describe('Button', () => {
  it('defaults to type="button", primary, md', () => {
    render(<Button>Save</Button>);
    const btn = screen.getByRole('button', { name: 'Save' });
    expect(btn.getAttribute('type')).toBe('button');
    expect(btn.className).toContain('ui-btn-primary');
    expect(btn.className).toContain('ui-btn-md');
    expect(btn.hasAttribute('disabled')).toBe(false);
    expect(btn.hasAttribute('aria-busy')).toBe(false);
  });

  it('loading disables the button, sets aria-busy and shows a spinner, keeping its name', () => {
    const onClick = jest.fn();
    const { container } = render(
      <Button loading onClick={onClick} variant="danger" fullWidth>
        Delete
      </Button>,
    );
    const btn = screen.getByRole('button', { name: 'Delete' });
    expect((btn as HTMLButtonElement).disabled).toBe(true);
    expect(btn.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('.ui-btn .ui-spinner')).not.toBeNull();
    expect(btn.className).toContain('ui-btn-danger');
    expect(btn.className).toContain('ui-btn-block');
    fireEvent.click(btn);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('passes through button props and forwards its ref', () => {
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <Button ref={ref} type="submit" className="extra" aria-label="Go">
        x
      </Button>,
    );
    const btn = screen.getByRole('button', { name: 'Go' });
    expect(ref.current).toBe(btn);
    expect(btn.getAttribute('type')).toBe('submit');
    expect(btn.className).toContain('extra');
  });
});

describe('small components', () => {
  it('cn joins truthy class names', () => {
    expect(cn('a', false, null, undefined, '', 'b', 0, 'c')).toBe('a b c');
    expect(cn()).toBe('');
  });

  it('Spinner is a status named "Loading"', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('Alert: error variant is role="alert"', () => {
    render(
      <>
        <Alert variant="error" title="Failed">
          Try again
        </Alert>
        <Alert variant="success">Saved</Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed');
    expect(screen.getByRole('alert').textContent).toContain('Try again');
    expect(screen.getByRole('status').textContent).toBe('Saved');
  });

  it('Badge uses the variant class', () => {
    render(<Badge variant="success">Active</Badge>);
    expect(screen.getByText('Active').className).toBe('ui-badge ui-badge-success');
  });

  it('SkeletonCard has the test id', () => {
    render(<SkeletonCard lines={2} />);
    const card = screen.getByTestId('skeleton-card');
    expect(card.querySelectorAll('.ui-skeleton')).toHaveLength(3);
  });
});
