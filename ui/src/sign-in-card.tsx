import type { ReactNode } from 'react';
import { Button } from './button';
import { LockIcon } from './icons';
import { MessageCard } from './page';

interface SignInCardProps {
  title: ReactNode;
  /** Why signing in helps here, one sentence. */
  children: ReactNode;
  /** Opens the shell's sign-in dialog (the kit does not reach the store itself). */
  onSignIn(): void;
  /** Buttons after Sign In (Create Account). */
  moreActions?: ReactNode;
  role?: 'alert' | 'status';
}

/** A page's one message when it needs a signed-in customer: a lock, why, and a Sign In button. */
export function SignInCard({ title, children, onSignIn, moreActions, role }: SignInCardProps) {
  return (
    <MessageCard role={role}>
      <span className="icon" aria-hidden="true">
        <LockIcon size={26} />
      </span>
      <h2>{title}</h2>
      <p>{children}</p>
      <div className="actions">
        <Button type="button" onClick={onSignIn}>
          Sign In
        </Button>
        {moreActions}
      </div>
    </MessageCard>
  );
}
