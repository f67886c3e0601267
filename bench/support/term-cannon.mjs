// The load of bench/search-throughput.ts, in a process of its own: autocannon, each request a cards
// search for the next term of TERMS_FILE (a JSON array, every term used at most once), so no answer can
// come from a count the product remembers for a term it has seen. Runs SECONDS (the caller gives more
// terms than that can use, and checks `sent`: past the list's end a term would repeat). Prints one
// JSON line: req/s, p50 and p99 (ms), terms sent, and any failed answers (they fail the bench).
// Env: URL, TOKEN, TERMS_FILE (the JSON array; an environment variable holds at most 128 kB),
// CONNECTIONS, SECONDS.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const { URL: url, TOKEN, TERMS_FILE, CONNECTIONS, SECONDS } = process.env;
const terms = JSON.parse(readFileSync(TERMS_FILE, 'utf8'));
let next = 0;

const result = await autocannon({
  url,
  connections: Number(CONNECTIONS ?? 10),
  duration: Number(SECONDS ?? 5),
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ page: 0, size: 25, childs: false, sort: {}, filter: { blocked: 0, query: terms[next++ % terms.length] } }),
      }),
    },
  ],
});
console.log(
  JSON.stringify({
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    sent: next,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
