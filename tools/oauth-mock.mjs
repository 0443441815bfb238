// A local OpenID provider standing in for Google in tests (oauth2-mock-server). Prints one JSON line:
// { "issuer": "...", "control": "..." }. POST a JSON identity ({ sub, email, email_verified, name }) to the
// control URL to choose who the next sign-in is. Runs until killed.
import { createServer } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.argv[2] ?? 0);
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
await server.start(port, '127.0.0.1');

let identity = { sub: 'mock-user', email: 'mock.user@example.com', email_verified: true, name: 'Mock User' };
server.service.on('beforeUserinfo', (userInfoResponse) => {
  userInfoResponse.body = { ...identity };
});

const control = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    if (req.method === 'POST') identity = JSON.parse(body);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(identity));
  });
});
control.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ issuer: server.issuer.url, control: `http://127.0.0.1:${control.address().port}` }) + '\n');
});
const stop = async () => {
  control.close();
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
