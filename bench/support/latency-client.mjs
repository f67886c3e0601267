// A bench's client in a process of its own: CALLS sequential POSTs of BODY to URL (after WARMUP
// untimed ones: a new process's first calls pay for compiling its own HTTP client, and its new
// connection's setup), each timed from send to the whole answer read. Prints one JSON line: the times
// (ms, ascending) and every distinct total the answers gave ("10,000+" when not exact).
// BETWEEN_URL and BETWEEN_BODIES (a JSON array, taken in turn): an untimed POST before each call, e.g.
// a SIM's rename, so that no call finds its count remembered (the cold search of bench/sims-list.ts).
const { URL: url, HEADERS, BODY, CALLS, WARMUP, BETWEEN_URL, BETWEEN_BODIES } = process.env;
const headers = JSON.parse(HEADERS ?? '{}');
const between = JSON.parse(BETWEEN_BODIES ?? '[]');
const ms = [];
const totals = new Set();
for (let i = 0; i < Number(WARMUP ?? 0) + Number(CALLS ?? 1); i++) {
  if (BETWEEN_URL && between.length > 0) {
    const touched = await fetch(BETWEEN_URL, { method: 'POST', headers, body: JSON.stringify(between[i % between.length]) });
    if (touched.status !== 200) throw new Error(`between: ${touched.status}: ${(await touched.text()).slice(0, 500)}`);
  }
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body: BODY });
  const text = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error(`${res.status}: ${text.slice(0, 500)}`);
  const result = JSON.parse(text).result ?? {};
  if (typeof result.total === 'number') totals.add(`${result.total}${result.total_exact === false ? '+' : ''}`);
  if (i >= Number(WARMUP ?? 0)) ms.push(elapsed);
}
console.log(JSON.stringify({ ms: ms.sort((a, b) => a - b), totals: [...totals] }));
