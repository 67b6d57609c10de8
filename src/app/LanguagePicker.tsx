import { type ComponentType, useState } from 'react';
import { LOCALES, type Locale } from '../../engine/rules/locales';
import { useT } from '../i18n/i18n';
import { showToast } from '../ui/toast';
import type { LanguageDialogProps } from './LanguageDialog';

export interface LanguagePickerProps {
  locale: Locale;
  onChoose: (locale: Locale) => void;
}

let dialogModule: Promise<ComponentType<LanguageDialogProps>> | null = null;

/** Loads the language list once; a failed load (offline, a new deploy) may be tried again. */
function loadDialog(): Promise<ComponentType<LanguageDialogProps>> {
  dialogModule ??= import('./LanguageDialog').then(
    (m) => m.LanguageDialog,
    (error: unknown) => {
      dialogModule = null;
      throw error;
    },
  );
  return dialogModule;
}

/**
 * The header's language button. The 25 language names are laid out only when the list opens: a
 * native select shapes every option in its own script (Arabic, Thai, Hangul, CJK) when the page
 * first renders, whatever width it is given, which was a 40–120 ms layout on a throttled phone.
 */
export function LanguagePicker({ locale, onChoose }: LanguagePickerProps) {
  const t = useT();
  const [Dialog, setDialog] = useState<ComponentType<LanguageDialogProps> | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [isLoading, setLoading] = useState(false);
  const entry = LOCALES.find((candidate) => candidate.locale === locale);

  const open = () => {
    if (Dialog) {
      setOpen(true);
      return;
    }
    setLoading(true);
    loadDialog().then(
      (component) => {
        setDialog(() => component);
        setOpen(true);
        setLoading(false);
      },
      () => {
        setLoading(false);
        showToast({ type: 'error', message: t('error.network') });
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className="app-header__lang"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-busy={isLoading || undefined}
        onClick={open}
        // Fetching the list's code while the pointer approaches makes the first opening immediate.
        onPointerEnter={() => void loadDialog().catch(() => {})}
        onFocus={() => void loadDialog().catch(() => {})}
        data-testid="language-select"
      >
        <span className="visually-hidden">{t('settings.language')}: </span>
        <span lang={entry?.intl}>{entry?.languageName ?? locale}</span>
      </button>
      {Dialog && (
        <Dialog
          open={isOpen}
          locale={locale}
          onClose={() => setOpen(false)}
          onChoose={(next) => {
            setOpen(false);
            if (next !== locale) onChoose(next);
          }}
        />
      )}
    </>
  );
}
