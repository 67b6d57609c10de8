import { useIntlTag, useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast';
import type { PublishedRoot } from './reserves-api';
import { formatBuiltAt } from './reserves-format';

export interface RootHeaderProps {
  latest: PublishedRoot;
}

/** The latest published root (monospace, with a copy button), when its tree was built and how many accounts it holds. */
export function RootHeader({ latest }: RootHeaderProps) {
  const t = useT();
  const intl = useIntlTag();
  return (
    <dl className="reserves-root" data-testid="reserves-root">
      <div className="reserves-root__hash">
        <dt>{t('reserves.latestRoot')}</dt>
        <dd>
          <code className="reserves-hash">{latest.root}</code>
          <Button
            size="sm"
            variant="plain"
            aria-label={t('reserves.copyRoot')}
            onClick={() => {
              // A refused clipboard says nothing worse than not copying: the root stays on screen to select.
              navigator.clipboard?.writeText(latest.root).then(
                () => toast.success(t('reserves.copied')),
                () => undefined,
              );
            }}
          >
            {t('reserves.copy')}
          </Button>
        </dd>
      </div>
      <div>
        <dt>{t('reserves.builtAt')}</dt>
        <dd>
          <time dateTime={new Date(latest.builtAt).toISOString()}>{formatBuiltAt(latest.builtAt, intl)}</time>
        </dd>
      </div>
      <div>
        <dt>{t('reserves.accounts')}</dt>
        <dd>{new Intl.NumberFormat(intl).format(latest.leafCount)}</dd>
      </div>
    </dl>
  );
}
