// The local stand-in for the exchange's risk-control SDK: the client loads it by URL (a setting) and
// calls getToken with the device-id endpoint; the real SDK has the same surface.
(() => {
  const sdk = {
    async getToken(endpoint) {
      const response = await fetch(endpoint, { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`risk endpoint answered ${response.status}`);
      const body = await response.json();
      if (body?.code !== '00000' || typeof body.data?.token !== 'string')
        throw new Error('risk endpoint sent no token');
      return body.data.token;
    },
  };
  globalThis.ExchangeRiskSdk = sdk;
})();
