import { Link } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';
import '../ui/button.css';
import './not-found.css';

/** Shown for any path no route matches, under any language prefix. */
export function NotFound() {
  const t = useT();
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <Link to="/" search={{}} className="button button--primary">
        {t('notFound.back')}
      </Link>
    </section>
  );
}
