import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../auth/RegisterPage';

/** `/register` (and `/{lang}/register`): registration by email, phone, or both; referral codes may ride on the URL. */
export const Route = createFileRoute('/register')({
  component: RegisterPage,
});
