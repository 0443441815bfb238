import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { LIMITS } from '@solvr/contracts';
import { resetToasts, toast, useToast, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './toast';
import { Toaster } from './toaster';

beforeEach(() => {
  jest.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  act(() => resetToasts());
  jest.useRealTimers();
});

describe('toast store', () => {
  it('uses the spec constants', () => {
    expect(TOAST_LIMIT).toBe(20);
    expect(TOAST_LIMIT).toBe(LIMITS.toastLimit);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('keeps at most 20 toasts, newest first', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      for (let i = 1; i <= 25; i++) toast({ title: `Toast ${i}` });
    });
    expect(result.current.toasts).toHaveLength(20);
    expect(result.current.toasts[0].title).toBe('Toast 25');
    expect(result.current.toasts[19].title).toBe('Toast 6');
    expect(result.current.toasts.every((t) => t.open)).toBe(true);
  });

  it('removes a dismissed toast only after the removal delay', () => {
    const { result } = renderHook(() => useToast());
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'Saved', duration: 0 });
    });
    act(() => handle.dismiss());
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0].open).toBe(false);

    act(() => jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
  });

  it('dismiss() without an id dismisses all; dismiss(id) only that one', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'a' });
      toast({ title: 'b' });
      toast({ title: 'c' });
    });
    const [c] = result.current.toasts;
    act(() => result.current.dismiss(c.id));
    expect(result.current.toasts.map((t) => t.open)).toEqual([false, true, true]);
    act(() => result.current.dismiss());
    expect(result.current.toasts.map((t) => t.open)).toEqual([false, false, false]);
  });

  it('auto-dismisses after the duration (default 5 s)', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'default' });
      toast({ title: 'short', duration: 1000 });
    });
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.toasts.find((t) => t.title === 'short')?.open).toBe(false);
    expect(result.current.toasts.find((t) => t.title === 'default')?.open).toBe(true);
    act(() => jest.advanceTimersByTime(3999));
    expect(result.current.toasts.find((t) => t.title === 'default')?.open).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.toasts.find((t) => t.title === 'default')?.open).toBe(false);
  });

  it('update() changes a toast in place', () => {
    const { result } = renderHook(() => useToast());
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'Uploading' });
    });
    act(() => handle.update({ title: 'Uploaded', variant: 'success' }));
    expect(result.current.toasts[0]).toMatchObject({ id: handle.id, title: 'Uploaded', variant: 'success', open: true });
  });
});

describe('Toaster', () => {
  it('renders open toasts newest first with a Close button', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
      toast({ title: 'Second', variant: 'error' });
    });
    const items = screen.getAllByRole('status');
    expect(items.map((el) => el.querySelector('.ui-toast-title')?.textContent)).toEqual(['Second', 'First']);
    expect(items[0].className).toContain('ui-toast-error');

    act(() => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('pauses auto-dismiss while hovered', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hover me' });
    });
    const el = screen.getByRole('status');
    act(() => jest.advanceTimersByTime(3000));
    fireEvent.mouseEnter(el);
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.queryByText('Hover me')).not.toBeNull();
    fireEvent.mouseLeave(el);
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.queryByText('Hover me')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Hover me')).toBeNull();
  });
});
