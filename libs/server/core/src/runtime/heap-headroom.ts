import { setFlagsFromString } from 'v8';

/**
 * Old-generation headroom: the limit that starts V8's next full collection is this much above what the last one
 * left alive (here +100 %, the heap's size again).
 *
 * V8 works the headroom out from how fast the JS heap grew lately, down to +10 % for a process that was quiet. The
 * bytes of a download or an upload are Buffers, outside the JS heap: after a quiet spell they leave the limit at
 * +10 % and start a full collection every few MB streamed. Measured (bench download after the landing scenario's
 * idle gaps): a download at 0.35x of bare node:http, about half of its time in back-to-back full collections, and
 * 0.92x with this; the p99 of other requests during 8 downloads 3.46x idle, and 1.15x with this. +25 % was not
 * enough (0.5x). At a live heap of 60 MB this costs at most another 60 MB. V8 reads the flag at each collection, so
 * setting it once the process runs takes effect.
 */
const HEAP_GROWING_PERCENT = 100;

/** Call first thing in a process that streams files (the api). */
export function keepHeapHeadroom(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
