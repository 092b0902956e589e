import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a real server (RabbitMQ, PostgreSQL) that a test can cut and restore,
 * to show behaviour while a dependency is unreachable without stopping the shared server.
 */
export class TcpProxy {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(port = 0): Promise<number> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      this.sockets.add(client);
      this.sockets.add(upstream);
      client.pipe(upstream).pipe(client);
      const cleanup = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', cleanup).on('close', cleanup);
      upstream.on('error', cleanup).on('close', cleanup);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  /** Stops listening and drops every open connection: the target looks down. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /** Listens again on the same port: the target is back. */
  async restore(): Promise<void> {
    await this.start(this.port);
  }
}
