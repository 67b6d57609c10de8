/** The page `/` shows when no built client exists: says how to build it. */
export function notBuiltPage(): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Exchange client not built</title></head>',
    '<body><h1>The client is not built yet</h1>',
    '<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.</p>',
    '<p>The API is up: <a href="/v1/public/time">/v1/public/time</a>.</p>',
    '</body></html>',
  ].join('\n');
}
