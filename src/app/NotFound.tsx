import { Link } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';

/** Shown for any path no route matches, under any language prefix. */
export function NotFound() {
  const t = useT();
  return (
    <section className="not-found">
      <h1>{t('notFound.title')}</h1>
      <Link to="/" search={{}}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
