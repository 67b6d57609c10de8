import { LOCALES, type Locale } from '../../engine/rules/locales';
import { useT } from '../i18n/i18n';
import { Dialog } from '../ui/Dialog';
import './language-dialog.css';

export interface LanguageDialogProps {
  open: boolean;
  locale: Locale;
  onClose: () => void;
  onChoose: (locale: Locale) => void;
}

/** Every language of spec §3, each named in its own language; the current one has focus when the list opens. */
export function LanguageDialog({ open, locale, onClose, onChoose }: LanguageDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('settings.language')} size="sm">
      <ul className="language-list" data-testid="language-list">
        {LOCALES.map((entry) => {
          const isCurrent = entry.locale === locale;
          return (
            <li key={entry.locale}>
              <button
                type="button"
                className="language-list__item"
                lang={entry.intl}
                dir={entry.dir}
                aria-current={isCurrent || undefined}
                data-autofocus={isCurrent || undefined}
                data-locale={entry.locale}
                onClick={() => onChoose(entry.locale)}
              >
                {entry.languageName}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
