import { describe, expect, it } from 'vitest';
import {
  isSimulationFlag,
  isSimulationPath,
  onFlagChangedElsewhere,
  SIMULATION_EXACT_PATHS,
  SIMULATION_PREFIXES,
  simulationRedirect,
} from '../../../../engine/rules/simulation';

describe('isSimulationPath', () => {
  it('lists the 12 exact and 21 prefix areas of spec §2.1', () => {
    expect(SIMULATION_EXACT_PATHS).toHaveLength(12);
    expect(SIMULATION_PREFIXES).toHaveLength(21);
  });

  it('accepts an exact area only as itself', () => {
    expect(isSimulationPath('/fee')).toBe(true);
    expect(isSimulationPath('/fee/')).toBe(true);
    expect(isSimulationPath('/fee/history')).toBe(false);
    expect(isSimulationPath('/feed')).toBe(false);
    expect(isSimulationPath('/asset')).toBe(true);
    expect(isSimulationPath('/asset/spot')).toBe(true);
    expect(isSimulationPath('/asset/p2p')).toBe(false);
    expect(isSimulationPath('/subaccount/setting')).toBe(true);
    expect(isSimulationPath('/subaccount/setting/other')).toBe(false);
  });

  it('accepts anything under a prefix area, literally', () => {
    expect(isSimulationPath('/spot/BTCUSDT')).toBe(true);
    expect(isSimulationPath('/futures/usdt/BTCUSDT')).toBe(true);
    expect(isSimulationPath('/transaction/list')).toBe(true);
    expect(isSimulationPath('/subaccount/setting/antiphishing/code')).toBe(true);
    expect(isSimulationPath('/trade-asset-order/1')).toBe(true);
    expect(isSimulationPath('/account/setting')).toBe(true);
  });

  it('refuses pages outside the areas, and lookalikes of them', () => {
    for (const path of [
      '/',
      '/login',
      '/register',
      '/spot',
      '/spotlight',
      '/futures',
      '/account/security',
      '/p2p',
      '/earn',
      '/Spot/BTCUSDT',
    ]) {
      expect(isSimulationPath(path), path).toBe(false);
    }
  });

  it('ignores the query and the hash', () => {
    expect(isSimulationPath('/fee?tab=vip')).toBe(true);
    expect(isSimulationPath('/login?next=/spot/BTCUSDT')).toBe(false);
    expect(isSimulationPath('/p2p#/spot/')).toBe(false);
  });
});

describe('isSimulationFlag', () => {
  it('is on for "1" only', () => {
    expect(isSimulationFlag('1')).toBe(true);
    for (const value of [null, undefined, '', '0', 'true', ' 1', '1 ']) expect(isSimulationFlag(value)).toBe(false);
  });
});

describe('simulationRedirect', () => {
  it('sends a page outside the areas to the default spot simulation page while on', () => {
    expect(simulationRedirect(true, '/')).toBe('/spot/BTCUSDT');
    expect(simulationRedirect(true, '/account/security')).toBe('/spot/BTCUSDT');
  });

  it('leaves pages alone inside the areas, or when the mode is off', () => {
    expect(simulationRedirect(true, '/futures/usdt/ETHUSDT')).toBeNull();
    expect(simulationRedirect(false, '/')).toBeNull();
  });
});

describe('onFlagChangedElsewhere', () => {
  it('reloads a simulation-capable page when the mode turns on elsewhere', () => {
    expect(onFlagChangedElsewhere(false, true, '/spot/ETHUSDT')).toEqual({ kind: 'reload' });
  });

  it('redirects another page to the default spot page when the mode turns on elsewhere', () => {
    expect(onFlagChangedElsewhere(false, true, '/')).toEqual({ kind: 'redirect', to: '/spot/BTCUSDT' });
  });

  it('reloads when the mode turns off elsewhere, and does nothing when the flag did not change', () => {
    expect(onFlagChangedElsewhere(true, false, '/spot/BTCUSDT')).toEqual({ kind: 'reload' });
    expect(onFlagChangedElsewhere(true, true, '/spot/BTCUSDT')).toEqual({ kind: 'none' });
  });
});
