import { useRef, useState } from 'react';
import { localizedCodeText } from '../../../api/code-texts';
import { RequestError } from '../../../api/request';
import { type Translate, useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { MethodNotes } from '../MethodNotes';
import { postThirdQuietly, type ThirdSignReply } from '../third-api';
import { type DiscoveredWallet, discoverWallets } from './eip6963';
import { WalletChooser } from './WalletChooser';
import { signInWithWallet, WalletFlowError } from './wallet-flow';
import './wallet.css';

/** The chain ids the gateway's wallet config allows (empty: let the gateway decide). */
function chainIdsOf(config: Record<string, unknown>): number[] {
  const ids = config.chainIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

/** What a stopped sign-in shows under the button. */
function problemText(t: Translate, error: unknown): string {
  if (error instanceof WalletFlowError) {
    if (error.problem === 'cancelled') return t('third.wallet.cancelled');
    if (error.problem === 'wrongNetwork') return t('third.wallet.wrongNetwork');
  }
  // A refusal the app words itself (rate limit, risk check) says so; the wallet's own refusals say "try again".
  if (error instanceof RequestError) return localizedCodeText(error.details.code ?? '') ?? t('third.wallet.failed');
  return t('third.wallet.failed');
}

/** The wallet method's config and where its sign reply goes. */
export interface WalletButtonProps {
  /** The gateway's public wallet config (`chainIds`). */
  config: Record<string, unknown>;
  /** Gets the gateway's `wallet/sign` reply: signed in, the account's next steps, or not linked yet. */
  onReply(reply: ThirdSignReply): void | Promise<void>;
}

/** "Connect wallet" (Sign-In with Ethereum): choose a wallet of this browser, sign the gateway's message, hand the reply on. */
export function WalletButton({ config, onReply }: WalletButtonProps) {
  const t = useT();
  const [wallets, setWallets] = useState<DiscoveredWallet[] | null>(null);
  const [isLooking, setLooking] = useState(false);
  const [busyUuid, setBusyUuid] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const connectRef = useRef<HTMLButtonElement>(null);

  const openChooser = async () => {
    setProblem(null);
    setLooking(true);
    try {
      setWallets(await discoverWallets());
    } finally {
      setLooking(false);
    }
  };

  const closeChooser = () => {
    setWallets(null);
    connectRef.current?.focus();
  };

  const signIn = async (wallet: DiscoveredWallet) => {
    if (busyUuid !== null) return;
    setBusyUuid(wallet.info.uuid);
    setProblem(null);
    try {
      const reply = await signInWithWallet<ThirdSignReply>(wallet.provider, postThirdQuietly, chainIdsOf(config));
      setWallets(null);
      await onReply(reply);
    } catch (error) {
      setProblem(problemText(t, error));
    } finally {
      setBusyUuid(null);
    }
  };

  return (
    <div className="wallet-sign-in">
      <Button
        ref={connectRef}
        variant="secondary"
        block
        loading={isLooking}
        aria-expanded={wallets !== null}
        data-testid="wallet-connect"
        onClick={() => void (wallets === null ? openChooser() : closeChooser())}
      >
        {t('third.wallet.connect')}
      </Button>
      {wallets !== null && (
        <WalletChooser wallets={wallets} busyUuid={busyUuid} onChoose={(w) => void signIn(w)} onClose={closeChooser} />
      )}
      <MethodNotes
        status={busyUuid !== null ? t('third.wallet.confirmInWallet') : null}
        problem={problem}
        statusClass="wallet-sign-in__hint"
      />
    </div>
  );
}
