import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { ACCOUNT_TEXTS, pathTo } from '@solvr/contracts';
import { Button } from '@solvr/web-ui';
import { useLogoutMutation } from './accounts.api';

/**
 * The signed-in account's menu (spec section 2, signed-in header; also the public header while signed in): the
 * e-mail, and Logout, which signs out (this tab and the others) and goes to Landing. Escape, Tab or a click
 * outside closes it.
 */
export function UserMenu({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [logout, { isLoading }] = useLogoutMutation();
  const [, navigate] = useLocation();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const outside = (e: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
    };
  }, [open]);

  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    } else if (e.key === 'Tab') setOpen(false);
  };

  const signOut = async () => {
    await logout();
    setOpen(false);
    navigate(pathTo('Landing'));
  };

  return (
    <div className="acc-user-menu" ref={root}>
      <Button
        ref={trigger}
        variant="ghost"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="acc-avatar" aria-hidden="true">
          {email[0]?.toUpperCase()}
        </span>
        <span className="acc-user-email">{email}</span>
      </Button>
      {open && (
        <div id={menuId} role="menu" aria-label={email} className="acc-menu" onKeyDown={onMenuKeyDown}>
          <div className="acc-menu-email" aria-hidden="true">
            {email}
          </div>
          <button ref={first} role="menuitem" className="acc-menu-item" onClick={signOut} disabled={isLoading}>
            {ACCOUNT_TEXTS.logout}
          </button>
        </div>
      )}
    </div>
  );
}
