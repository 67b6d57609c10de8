import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * `/account/security` (and `/{lang}/account/security`): the security keys moved into `/account/setting`; old links
 * land there, in the same language (the router's rewrite puts the prefix back on the target).
 */
export const Route = createFileRoute('/account/security')({
  staticData: { title: 'title.security' },
  beforeLoad: () => {
    throw redirect({ to: '/account/setting', replace: true });
  },
});
