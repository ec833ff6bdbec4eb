import { Link, useLocation } from '@remix-run/react';
import { useState } from 'react';
import { useSite } from '~/site/use-site';
import { LoginModal } from './LoginModal';

/**
 * The masthead's login button: a link to the login page that brings the visitor back here;
 * with JavaScript it opens the login modal instead (spec §2.6), except on the sign-in pages.
 */
export function LoginButton() {
  const { t, route } = useSite();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const onAuthPage = pathname === route('login') || pathname === route('register');
  return (
    <>
      <Link
        className="login-link"
        to={onAuthPage ? route('login') : route('login', {}, { redirect: pathname + search })}
        aria-haspopup={onAuthPage ? undefined : 'dialog'}
        onClick={(event) => {
          if (onAuthPage) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {t('nav.login')}
      </Link>
      {open ? <LoginModal onClose={() => setOpen(false)} /> : null}
    </>
  );
}
