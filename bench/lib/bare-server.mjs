// Reference servers on bare node:http, run as their own process (like the app) so that they do not share the
// load generator's event loop. Started by reference.mjs; prints "listening <port>" when ready.
//   BARE_KIND=bytes    answers every request with the bytes of BARE_BODY_FILE and BARE_CONTENT_TYPE (and
//                      BARE_CONTENT_ENCODING when set)
//   BARE_KIND=refresh  POST /api/auth/login hands out a refresh cookie; POST /api/auth/refresh rotates it
//                      (hashed tokens in a Map, an HS256 access token in the body): the refresh protocol
//                      without a database, argon2 or a framework.
//   BARE_KIND=file     GET /{name} streams BARE_FILES_DIR/{name} as an attachment with fs.createReadStream piped to
//                      the response, 128 KB per read as the app's local-disk storage reads: a download without framework, database or link.
//   BARE_KIND=sink     POST: the request body through sha256 and sha512 into a new file under BARE_SINK_DIR (flushed
//                      before close, then removed), answering { size, sha256 }: an upload without multipart parsing,
//                      framework or database.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createServer } from 'node:http';

const kind = process.env.BARE_KIND ?? 'bytes';
let handler;

if (kind === 'bytes') {
  const body = readFileSync(process.env.BARE_BODY_FILE);
  const type = process.env.BARE_CONTENT_TYPE ?? 'application/json; charset=utf-8';
  const head = { 'content-type': type, 'content-length': body.length, ...(process.env.BARE_CONTENT_ENCODING ? { 'content-encoding': process.env.BARE_CONTENT_ENCODING } : {}) };
  handler = (_req, res) => {
    res.writeHead(200, head);
    res.end(body);
  };
} else if (kind === 'refresh') {
  const secret = randomBytes(32);
  const sessions = new Map();
  const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const hash = (t) => createHash('sha256').update(t).digest('hex');
  const user = { id: 1, email: 'admin@solvr.local', role: 'admin', profile_completed: false, has_password: true };
  const issue = (res, userId) => {
    const token = randomBytes(32).toString('base64url');
    sessions.set(hash(token), userId);
    const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: userId, iat: Math.floor(Date.now() / 1000) })}`;
    const jwt = `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
    const body = JSON.stringify({ access_token: jwt, user });
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'set-cookie': `solvr_refresh=${token}; Max-Age=2592000; Path=/api/auth; HttpOnly; SameSite=Lax`,
    });
    res.end(body);
  };
  handler = (req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/api/auth/login') return issue(res, 1);
      const token = /(?:^|;\s*)solvr_refresh=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      const key = token && hash(token);
      if (!key || !sessions.has(key)) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return res.end('{"message":"Unauthorized"}');
      }
      const userId = sessions.get(key);
      sessions.delete(key);
      issue(res, userId);
    });
  };
} else if (kind === 'file') {
  const dir = process.env.BARE_FILES_DIR;
  handler = (req, res) => {
    const path = join(dir, decodeURIComponent(req.url.slice(1).split('?')[0]));
    let size;
    try {
      size = statSync(path).size;
    } catch {
      return res.writeHead(404).end();
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size, 'content-disposition': 'attachment' });
    createReadStream(path, { highWaterMark: 128 * 1024 }).pipe(res);
  };
} else if (kind === 'sink') {
  const dir = process.env.BARE_SINK_DIR;
  let n = 0;
  handler = (req, res) => {
    const file = join(dir, `upload-${process.pid}-${n++}`);
    const sha256 = createHash('sha256');
    const sha512 = createHash('sha512');
    let size = 0;
    const meter = new Transform({
      transform(chunk, _enc, done) {
        size += chunk.length;
        sha256.update(chunk);
        sha512.update(chunk);
        done(null, chunk);
      },
    });
    pipeline(req, meter, createWriteStream(file, { flags: 'wx', flush: true })).then(
      () => {
        rmSync(file, { force: true });
        const body = JSON.stringify({ size, sha256: sha256.digest('hex'), sha512: sha512.digest('base64') });
        res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      (err) => {
        rmSync(file, { force: true });
        res.writeHead(500).end(String(err.message));
      },
    );
  };
} else {
  throw new Error(`unknown BARE_KIND ${kind}`);
}

const server = createServer(handler);
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
for (const s of ['SIGTERM', 'SIGINT']) process.on(s, () => process.exit(0));
