import { createFileRoute } from '@tanstack/react-router';
import { DevicesPage } from '../account/devices/DevicesPage';
import { loadTexts } from '../i18n/i18n';

/** `/devices` (and `/{lang}/devices`): the devices signed in to the account and its sign-in history (issue 21 §2). */
export const Route = createFileRoute('/devices')({
  staticData: { title: 'title.devices' },
  // The list and the history are read by the page itself, so a failed read keeps what it shows and offers a retry.
  loader: () => loadTexts('devices'),
  component: DevicesPage,
});
