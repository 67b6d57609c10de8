import { describe, expect, it } from 'vitest';
import { readWalletSettings, walletPublicConfig } from '../../../../gateway/third/wallet/wallet-settings';

describe('readWalletSettings', () => {
  it('is on in local mode and hidden elsewhere unless THIRD_WALLET=1', () => {
    expect(readWalletSettings({}, true)).toEqual({ chainIds: [1], productName: 'Exchange' });
    expect(readWalletSettings({}, false)).toBeNull();
    expect(readWalletSettings({ THIRD_WALLET: '0' }, true)).toBeNull();
    expect(readWalletSettings({ THIRD_WALLET: '1', PRODUCT_NAME: 'Paper\nDesk' }, false)).toEqual({
      chainIds: [1],
      productName: 'Paper Desk',
    });
  });

  it('reads the allowed chain ids and refuses a list that is not one', () => {
    expect(readWalletSettings({ THIRD_WALLET_CHAIN_IDS: '1, 137,1' }, true)?.chainIds).toEqual([1, 137]);
    expect(() => readWalletSettings({ THIRD_WALLET_CHAIN_IDS: '1,0x89' }, true)).toThrow(/THIRD_WALLET_CHAIN_IDS/);
  });
});

describe('walletPublicConfig', () => {
  it('tells the client the chain ids only', () => {
    expect(walletPublicConfig({ chainIds: [1, 10], productName: 'Exchange' })).toEqual({ chainIds: [1, 10] });
  });
});
