import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_DEPOSIT_ADDRESS, loadConfig } from '../../config/env.ts';
import { enabledProviders } from './create-deposit.ts';

// The deposit variables of config/env.ts: which providers a configuration enables.

describe('deposit configuration', () => {
  it('offers manual with the demo address outside production, and no gateway by default', () => {
    const config = loadConfig({});
    expect(config.manualDeposit).toEqual({ address: DEMO_DEPOSIT_ADDRESS, network: 'TRC-20' });
    expect(config.paymentGateway).toBeUndefined();
    expect(enabledProviders(config)).toEqual(['manual']);
  });

  it('has no manual deposits in production until MANUAL_DEPOSIT_ADDRESS is set', () => {
    expect(enabledProviders(loadConfig({ NODE_ENV: 'production' }))).toEqual([]);
    const config = loadConfig({
      NODE_ENV: 'production',
      MANUAL_DEPOSIT_ADDRESS: 'TPaFqkz3YbA1s6Ha1kq5c3JxWTKkMh1M3y',
      MANUAL_DEPOSIT_NETWORK: 'BEP-20',
    });
    expect(config.manualDeposit).toEqual({
      address: 'TPaFqkz3YbA1s6Ha1kq5c3JxWTKkMh1M3y',
      network: 'BEP-20',
    });
  });

  it('enables the gateway with key and IPN secret, at the public API unless told otherwise', () => {
    const config = loadConfig({ NOWPAYMENTS_API_KEY: 'key', NOWPAYMENTS_IPN_SECRET: 'secret' });
    expect(config.paymentGateway).toEqual({
      apiUrl: 'https://api.nowpayments.io',
      apiKey: 'key',
      ipnSecret: 'secret',
      timeoutMs: 10_000,
    });
    expect(enabledProviders(config)).toEqual(['manual', 'gateway']);
  });

  it('stops when only one of key and secret is set, never echoing a secret', () => {
    expect(() => loadConfig({ NOWPAYMENTS_API_KEY: 'key' })).toThrow(/NOWPAYMENTS_IPN_SECRET/);
    const start = () =>
      loadConfig({
        NOWPAYMENTS_API_KEY: ' ',
        NOWPAYMENTS_IPN_SECRET: 'very-secret-value',
        NOWPAYMENTS_TIMEOUT_MS: '0',
      });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/NOWPAYMENTS_API_KEY: .*\(got \(hidden\)\)/);
    expect(start).toThrow(/NOWPAYMENTS_TIMEOUT_MS/);
  });
});
