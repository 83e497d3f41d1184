import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long the rest of a refused body is read and thrown away before the connection is cut. */
export const LINGER_MS = 5_000;
/** How much of a refused body is read and thrown away before the connection is cut. */
export const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * A body over its limit is refused with a 413 as soon as its length is known, while the client
 * is still sending it. Fastify then closes the connection, and the kernel answers the bytes still
 * arriving with a reset, which can reach the client before the 413 does: a phone uploading too
 * large a photo sees a lost connection instead of the message saying why.
 *
 * So the connection stays open and the rest of the body is read and thrown away, as a lingering
 * close in a web server does, for at most `LINGER_MS` and `LINGER_BYTES`; a client that sends
 * more or for longer is cut off.
 */
export const oversizedBody = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const raw = request.raw;
      if (reply.statusCode !== 413 || raw.complete || reply.getHeader('connection') !== 'close') {
        return payload;
      }
      reply.removeHeader('connection');
      let read = 0;
      const cut = () => {
        clearTimeout(timer);
        raw.removeListener('data', onData);
        raw.socket.destroy();
      };
      const onData = (chunk: Buffer) => {
        read += chunk.length;
        if (read > LINGER_BYTES) cut();
      };
      const timer = setTimeout(cut, LINGER_MS);
      timer.unref();
      raw.on('data', onData);
      // the body was paused when it was refused: adding a listener alone does not read on
      raw.resume();
      raw.once('end', () => clearTimeout(timer));
      raw.once('close', () => clearTimeout(timer));
      return payload;
    });
  },
  { name: 'oversized-body' },
);
