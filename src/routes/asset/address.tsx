import { createFileRoute } from '@tanstack/react-router';
import { AddressBookPage } from '../../asset/funds/AddressBookPage';

/** `/asset/address` (the app's `settings/address`): the withdrawal address book. */
export const Route = createFileRoute('/asset/address')({
  staticData: { title: 'title.addressBook' },
  component: AddressBookPage,
});
