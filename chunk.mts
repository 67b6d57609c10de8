import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { startGateway } from './gateway/server';
const gw = await startGateway({ port: 0, dataDir: mkdtempSync('/tmp/chunk-'), faults: true, logLevel: 'error' });
function send(path: string, total: number, size = 4096): Promise<string> {
  return new Promise((resolve) => {
    const req = request(`${gw.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
      let t = ''; res.on('data', (d) => (t += d)); res.on('end', () => resolve(`${res.statusCode} ${t.slice(0, 30)}`));
    });
    req.on('error', (e) => resolve(`error ${e.message}`));
    let sent = 0;
    const chunk = Buffer.alloc(size, 0x61);
    const write = () => { while (sent < total) { sent += size; if (!req.write(chunk)) { req.once('drain', write); return; } } req.end(); };
    write();
  });
}
const tally: Record<string, number> = {};
for (let i = 0; i < 5; i++)
for (const p of ['/v1/user/login', '/v1/__test__/echo', '/__faults'])
  for (const n of [70, 200, 1000, 5000]) { const r = (await send(p, n * 1024)).slice(0, 16); const k = n + " " + r; tally[k] = (tally[k] ?? 0) + 1; }
console.log(tally);
await gw.close();
