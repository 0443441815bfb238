// Background downloads (api-under-downloads) and an admin's reads in a loop (admin-users' stalls), in their own
// process so that reading the bytes does not share the latency probe's event loop. Settings from the environment:
//   DL_URL      what to GET (a signed download link), again and again; several, one per line: taken in turn
//   DL_HEADERS  the request headers as JSON (the link's holder cookie, an admin's bearer token), if any
//   DL_STREAMS  downloads at once (each on its own connection)
//   DL_RATE     bytes/s per download (0: as fast as it comes), paced by pausing the response, so the server
//               sees a client on a slower link (TCP back-pressure)
// Prints "started" once every download has its first bytes; on SIGTERM prints "result {json}" and exits.
import { request } from 'node:http';

const urls = process.env.DL_URL.split('\n');
const headers = JSON.parse(process.env.DL_HEADERS || '{}');
let requested = 0;
const streams = Number(process.env.DL_STREAMS ?? 8);
const rate = Number(process.env.DL_RATE ?? 0);
const started = performance.now();
const totals = { bytes: 0, completed: 0, errors: 0, statuses: {} };
const open = new Set();
let firstBytes = 0;

function stream(first = true) {
  const t0 = performance.now();
  let got = 0;
  let announced = !first;
  const req = request(urls[requested++ % urls.length], { agent: false, headers }, (res) => {
    if (res.statusCode !== 200) {
      totals.errors += 1;
      totals.statuses[res.statusCode] = (totals.statuses[res.statusCode] ?? 0) + 1;
      res.resume();
      res.on('end', () => setTimeout(() => next(req, first && !announced), 100));
      return;
    }
    res.on('data', (c) => {
      got += c.length;
      totals.bytes += c.length;
      if (!announced) {
        announced = true;
        if (++firstBytes === streams) console.log('started');
      }
      if (rate > 0) {
        const ahead = got / rate - (performance.now() - t0) / 1000;
        if (ahead > 0.005) {
          res.pause();
          setTimeout(() => res.resume(), ahead * 1000);
        }
      }
    });
    res.on('end', () => {
      totals.completed += 1;
      next(req, false);
    });
    res.on('error', () => undefined);
  });
  open.add(req);
  req.on('error', () => {
    if (stopping) return;
    totals.errors += 1;
    next(req, first && !announced);
  });
  req.end();
}

function next(req, first) {
  open.delete(req);
  if (!stopping) stream(first);
}

let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
  for (const req of open) req.destroy();
  const seconds = (performance.now() - started) / 1000;
  console.log(`result ${JSON.stringify({ ...totals, seconds })}`);
  process.exit(0);
});

for (let i = 0; i < streams; i++) stream();
