import Fastify from 'fastify';
import { registerMultipartStreams } from './multipart-streams';

/** A multipart/form-data body with one field and one file. */
function formData(boundary: string, file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSolvr Setup\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="setup.exe"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

describe('registerMultipartStreams', () => {
  it('reads fields and file streams with req.parts(), and adds no hook to the requests', async () => {
    const fastify = Fastify();
    await registerMultipartStreams(fastify);
    fastify.post('/upload', async (req) => {
      const seen: Array<{ name: string; value?: unknown; filename?: string; bytes?: number }> = [];
      for await (const part of req.parts()) {
        if (part.type === 'file') seen.push({ name: part.fieldname, filename: part.filename, bytes: (await part.toBuffer()).length });
        else seen.push({ name: part.fieldname, value: part.value });
      }
      return seen;
    });
    await fastify.ready();
    const file = Buffer.alloc(300_000, 7);
    const res = await fastify.inject({ method: 'POST', url: '/upload', headers: { 'content-type': 'multipart/form-data; boundary=x-solvr' }, payload: formData('x-solvr', file) });
    expect(res.json()).toEqual([
      { name: 'name', value: 'Solvr Setup' },
      { name: 'file', filename: 'setup.exe', bytes: file.length },
    ]);
    // Not multipart: refused by the plugin's own check, as before.
    const plain = await fastify.inject({ method: 'POST', url: '/upload', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    // The disk mode's per-request hooks are left out (a route lists every hook it runs).
    expect(fastify.printRoutes({ includeHooks: true })).not.toMatch(/onRequest|onResponse/);
    await fastify.close();
  });
});
