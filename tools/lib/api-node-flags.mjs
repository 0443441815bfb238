// The node flags the api runs with (api-node-flags.json), wherever it is started: npm start, the bench, and the api
// image's CMD, which spells them out (tools/deploy-checks checks it says the same).
//
// --heap-growing-percent=100: the limit that starts V8's next full collection is the heap's size again above what
// the last one left alive. V8 otherwise works the headroom out from how fast the JS heap grew lately, down to +10 %
// for a quiet process; the bytes of a download or upload are Buffers outside the JS heap, so after a quiet spell a
// full collection ran every few MB streamed. Measured (bench downloads after the landing scenario's idle gaps): a
// download at 0.35x of bare node:http, half of its time in back-to-back full collections, and 0.92x with it; +25 %
// was not enough (0.5x). At a live heap of 60 MB it costs at most another 60 MB.
import { readFileSync } from 'node:fs';

export const API_NODE_FLAGS = JSON.parse(readFileSync(new URL('./api-node-flags.json', import.meta.url), 'utf8'));
