import { useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { readThirdConfig, type ThirdConfig, type ThirdSignReply } from './third-api';
import './third.css';
import { TelegramButton } from './telegram/TelegramButton';
import { WalletButton } from './wallet/WalletButton';
import { QrLogin } from './qr/QrLogin';
import { OidcButtons } from './oidc/OidcButtons';

export interface ThirdPartyMethodsProps {
  /** The registration page offers the providers but not QR sign-in, which only signs an app account in. */
  purpose?: 'signIn' | 'register';
  /** The registration form's referral code: a provider that leaves the page keeps it for the account made on return. */
  referralCode?: string;
  /** A provider's sign reply: the page continues the sign-in, or shows the link-or-create choice. */
  onReply(reply: ThirdSignReply): Promise<void>;
}

/** The other ways to sign in or sign up (spec §7.4), each shown only when the gateway offers it. */
export function ThirdPartyMethods({ purpose = 'signIn', referralCode, onReply }: ThirdPartyMethodsProps) {
  const t = useT();
  const [config, setConfig] = useState<ThirdConfig | null>(null);
  useEffect(() => {
    let live = true;
    void readThirdConfig().then((read) => live && setConfig(read));
    return () => {
      live = false;
    };
  }, []);
  if (!config || Object.values(config).every((method) => method === null)) return null;
  return (
    <section className="third-methods" aria-labelledby="third-methods-title">
      <h2 id="third-methods-title" className="third-methods__title">
        {t('third.methodsLabel')}
      </h2>
      <div className="third-methods__list">
        {(config.google || config.apple) && (
          <OidcButtons google={config.google} apple={config.apple} referralCode={referralCode} />
        )}
        {config.telegram && <TelegramButton config={config.telegram} onReply={onReply} />}
        {config.wallet && <WalletButton config={config.wallet} onReply={onReply} />}
        {config.qr && purpose === 'signIn' && <QrLogin config={config.qr} onReply={onReply} />}
      </div>
    </section>
  );
}
