import type { ReactNode } from 'react';
import { LOGOUT_PATH } from '@/api/identity';

export const LOGOUT_LABEL = 'Logout';

/**
 * Signing out is a POST /auth/logout (a link cannot sign anyone out): a real form, so the
 * browser follows the server's redirect home as a normal navigation. `children` is its submit
 * button, labelled 'Logout'.
 */
export function LogoutForm({ children }: { children: ReactNode }) {
  return (
    <form method="post" action={LOGOUT_PATH}>
      {children}
    </form>
  );
}
