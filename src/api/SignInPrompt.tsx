import { Link, useLocation } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';
import './read-states.css';

/**
 * The one sign-in prompt of the app (README, reading data): the page's line on what signing in shows, and the way
 * to sign in and come back to this page.
 */
export function SignInPrompt({
  message,
  testId = 'signed-out',
  className,
}: {
  /** What signing in shows on this page ("Sign in to see your assets."). */
  message: string;
  testId?: string;
  className?: string;
}) {
  const t = useT();
  const redirect = useLocation({ select: (location) => location.pathname });
  return (
    <div
      className={['sign-in-prompt', className].filter(Boolean).join(' ')}
      data-state="signed-out"
      data-testid={testId}
    >
      <p>{message}</p>
      <Link to="/login" search={redirect ? { redirect } : {}} className="button button--primary button--md">
        {t('nav.signIn')}
      </Link>
    </div>
  );
}
