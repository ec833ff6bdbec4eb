import { connect, type Socket } from 'node:net';
import type { ISocketFactory } from 'kafkajs';

// How long a leftover socket may take to close gracefully before it is torn down.
const CLOSE_GRACE_MS = 1_000;

/**
 * kafkajs's plain-TCP socket factory (same keep-alive), remembering the sockets it opened.
 *
 * kafkajs 2.2 loses track of a connection after a broker restart: the consumer keeps heart-
 * beating through the group coordinator's old broker object, which reconnects although the
 * client's broker pool has dropped it, so `disconnect()` never closes that socket and the process
 * stays alive until the broker closes it as idle (ten minutes). `closeLeftovers`, called after the
 * client's graceful disconnect, ends such sockets the way a broker would: kafkajs sees the end,
 * disconnects that connection and clears its timers. TLS is not offered by the bus's options,
 * hence plain TCP only.
 */
export class SocketTracker {
  private readonly sockets = new Set<Socket>();

  readonly factory: ISocketFactory = ({ host, port, onConnect }) => {
    const socket = connect({ host, port }, onConnect);
    socket.setKeepAlive(true, 60_000);
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return socket;
  };

  /** Ends every socket the client left open; one that does not close in time is destroyed. */
  closeLeftovers(): void {
    for (const socket of this.sockets) {
      socket.end();
      socket.unref();
      // An error (not a silent destroy) makes kafkajs tidy the connection up, as after an end.
      const teardown = setTimeout(() => socket.destroy(new Error('closed by the event bus')), CLOSE_GRACE_MS);
      teardown.unref();
      socket.once('close', () => clearTimeout(teardown));
    }
    this.sockets.clear();
  }
}
