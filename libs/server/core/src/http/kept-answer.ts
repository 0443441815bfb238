import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import { compressed, preferredEncoding } from './web-assets';

/** Smaller answers go as they are: compressed, they would save less than one packet. */
const COMPRESS_FROM_BYTES = 1400;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|yaml|x-yaml|[a-z.+-]+\+(json|xml)))/;

type Encoding = 'br' | 'gzip';
/** The headers a replayed answer was written with (handed to writeHead whole, they are not set on the reply). */
const REPLAYED_HEADERS = Symbol('replayedHeaders');
type Replayed = FastifyReply & { [REPLAYED_HEADERS]?: OutgoingHttpHeaders };
const bytesOf = (body: Buffer | string): Buffer => (typeof body === 'string' ? Buffer.from(body) : body);
interface Variant {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * An answer kept for replay (@PublicRead, @AccountRead): its headers and bytes, written straight to the connection
 * (Fastify's send path and its onSend hooks already ran when it was first made; its onResponse hooks, request log
 * and metrics, still run). A large text answer (a library list is hundreds of KB) goes in brotli or gzip when the
 * request accepts it, each made once, off the api's thread, by the first request that asks.
 */
export class KeptAnswer {
  /** Bytes held, counting the compressed twins it may make (a fifth of the original at most, for JSON), for the caches' bounds. */
  readonly size: number;
  private readonly identity: Variant;
  private readonly twins?: Map<Encoding, Promise<Variant>>;

  constructor(headers: OutgoingHttpHeaders, body: Buffer | string) {
    const bytes = bytesOf(body);
    const compressible = bytes.length >= COMPRESS_FROM_BYTES && COMPRESSIBLE.test(String(headers['content-type'] ?? ''));
    const own = compressible ? { ...headers, vary: 'Accept-Encoding' } : headers;
    this.identity = { headers: { ...own, 'content-length': bytes.length }, body: bytes };
    if (compressible) this.twins = new Map();
    this.size = Math.ceil(bytes.length * (compressible ? 1.2 : 1)) + 1024;
  }

  /** Whether an answer made again is this one (same headers and bytes): then this one, and its twins, serve on. */
  holds(headers: OutgoingHttpHeaders, body: Buffer | string): boolean {
    const kept = this.identity.headers;
    return bytesOf(body).equals(this.identity.body) && Object.entries(headers).every(([name, value]) => name === 'vary' || kept[name] === value);
  }

  replay(req: FastifyRequest, reply: FastifyReply): void {
    this.variantFor(req.headers).then((variant) => this.write(reply, variant));
  }

  /** The same, on the connection's own request and response (ahead of the framework): resolves with the headers sent. */
  replayTo(req: IncomingMessage, res: ServerResponse): Promise<OutgoingHttpHeaders> {
    return this.variantFor(req.headers).then(({ headers, body }) => {
      res.writeHead(200, headers);
      res.end(body);
      return headers;
    });
  }

  /**
   * This answer, made again by its route (the same bytes), as a replay would send it: compressed when the request
   * accepts it. Without this, every answer made again after its state was renewed went out uncompressed.
   */
  sendAgain(req: FastifyRequest, reply: FastifyReply, done: (err: null, payload: Buffer) => void): void {
    this.variantFor(req.headers).then(({ headers, body }) => {
      if (headers['content-encoding']) reply.headers({ 'content-encoding': headers['content-encoding'], 'content-length': body.length, vary: 'Accept-Encoding' });
      done(null, body);
    });
  }

  /** The variant the request takes: a compressed twin when it accepts one (the plain bytes if compressing failed). */
  private variantFor(requestHeaders: IncomingHttpHeaders): Promise<Variant> {
    const encoding = this.twins ? preferredEncoding(requestHeaders['accept-encoding']) : 'identity';
    if (encoding === 'identity') return Promise.resolve(this.identity);
    return this.twin(encoding).catch(() => this.identity);
  }

  private twin(encoding: Encoding): Promise<Variant> {
    let made = this.twins?.get(encoding);
    if (!made) {
      made = compressed(this.identity.body, encoding).then(({ body }) => ({
        headers: { ...this.identity.headers, 'content-encoding': encoding, 'content-length': body.length },
        body: body as Buffer,
      }));
      this.twins?.set(encoding, made);
    }
    return made;
  }

  private write(reply: Replayed, { headers, body }: Variant): void {
    reply.hijack();
    // Handed to writeHead whole (setting them one by one costs a tenth of a replay); sentHeader reads them from here.
    reply[REPLAYED_HEADERS] = headers;
    reply.raw.writeHead(200, headers);
    reply.raw.end(body);
  }
}

/** A header of the answer a reply sent, replayed or not: for onResponse hooks (the update checks are counted by theirs). */
export function sentHeader(reply: FastifyReply, name: string): OutgoingHttpHeaders[string] {
  return reply.getHeader(name) ?? (reply as Replayed)[REPLAYED_HEADERS]?.[name];
}
