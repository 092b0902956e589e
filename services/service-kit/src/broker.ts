import amqp, { type ChannelModel, type ConfirmChannel, type Channel, type Options } from 'amqplib';
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';

/** The production exchange; any other name is a namespace of its own (tests, previews). */
export const DEFAULT_EXCHANGE = 'storecast.events';

export interface BrokerOptions {
  url: string;
  exchange: string;
  logger: Logger;
  /** Reconnect backoff bounds. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

type Setup = (channel: Channel) => Promise<void>;

/**
 * One AMQP connection per process that reconnects with exponential backoff while the broker is
 * down, and re-runs every registered consumer setup after each reconnect.
 */
export class Broker extends EventEmitter {
  private connection?: ChannelModel;
  private confirmChannel?: ConfirmChannel;
  private consumeChannel?: Channel;
  private setups: Setup[] = [];
  private stopped = false;
  private attempt = 0;
  private timer?: NodeJS.Timeout;
  private connecting?: Promise<void>;

  constructor(private readonly options: BrokerOptions) {
    super();
  }

  get exchange(): string {
    return this.options.exchange;
  }

  /**
   * Whether this broker runs in a namespace of its own (an exchange other than the production
   * one): its queues are then prefixed with the exchange name and deleted when their consumers
   * stop, so parallel test runs never share a queue or leave one behind.
   */
  get isNamespaced(): boolean {
    return this.options.exchange !== DEFAULT_EXCHANGE;
  }

  /** The queue name to declare for a service queue `<service>.<purpose>`. */
  queueName(queue: string): string {
    return this.isNamespaced ? `${this.options.exchange}.${queue}` : queue;
  }

  get isConnected(): boolean {
    return this.confirmChannel !== undefined;
  }

  /** Starts connecting in the background; never throws. */
  start(): void {
    this.stopped = false;
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.connecting) return this.connecting;
    this.connecting = (async () => {
      try {
        // noDelay: amqplib leaves Nagle on; a publish, its confirm and a consumer's ack are small
        // writes that must not wait for the broker's (delayed) ACK of the previous one.
        const connection = await amqp.connect(this.options.url, { timeout: 3000, noDelay: true });
        connection.on('error', (err) => this.options.logger.warn({ err }, 'broker connection error'));
        connection.on('close', () => this.onLost());
        const confirm = await connection.createConfirmChannel();
        confirm.on('error', () => undefined);
        await confirm.assertExchange(this.options.exchange, 'topic', { durable: true });
        const consume = await connection.createChannel();
        consume.on('error', () => undefined);
        await consume.prefetch(16);
        this.connection = connection;
        // Consumers are bound before the broker counts as connected, so nothing published after
        // "connected" can miss a queue that is being set up.
        for (const setup of this.setups) await setup(consume);
        this.confirmChannel = confirm;
        this.consumeChannel = consume;
        this.attempt = 0;
        this.options.logger.info('broker connected');
        this.emit('connected');
      } catch (err) {
        this.options.logger.warn({ err: (err as Error).message }, 'broker unavailable, will retry');
        this.reset();
        this.scheduleReconnect();
      } finally {
        this.connecting = undefined;
      }
    })();
    return this.connecting;
  }

  private reset(): void {
    const connection = this.connection;
    this.connection = undefined;
    this.confirmChannel = undefined;
    this.consumeChannel = undefined;
    connection?.removeAllListeners('close');
    void connection?.close().catch(() => undefined);
  }

  private onLost(): void {
    if (this.stopped) return;
    this.options.logger.warn('broker connection lost');
    this.reset();
    this.emit('disconnected');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.timer) return;
    const min = this.options.minDelayMs ?? 250;
    const max = this.options.maxDelayMs ?? 10_000;
    const delay = Math.min(max, min * 2 ** this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, delay);
    this.timer.unref();
  }

  /** Publishes and waits for the broker's confirm; throws when not connected or nacked. */
  async publishConfirmed(routingKey: string, content: Buffer, options: Options.Publish): Promise<void> {
    this.publish(routingKey, content, options);
    await this.waitForConfirms();
  }

  /** Publishes on the confirm channel without waiting; pair with waitForConfirms() for a batch. */
  publish(routingKey: string, content: Buffer, options: Options.Publish): void {
    const channel = this.confirmChannel;
    if (!channel) throw new Error('broker not connected');
    channel.publish(this.options.exchange, routingKey, content, { persistent: true, ...options });
  }

  /** Resolves when the broker confirmed everything published so far; rejects on a nack. */
  async waitForConfirms(): Promise<void> {
    const channel = this.confirmChannel;
    if (!channel) throw new Error('broker not connected');
    await channel.waitForConfirms();
  }

  /** Registers a setup run on the consume channel now (if connected) and after every reconnect. */
  async addConsumerSetup(setup: Setup): Promise<void> {
    this.setups.push(setup);
    // While connecting, the running connect() picks the new setup up from the list.
    if (this.consumeChannel) await setup(this.consumeChannel);
  }

  /** Readiness: the broker answers. */
  async check(): Promise<void> {
    if (!this.isConnected) throw new Error('broker not connected');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.connecting?.catch(() => undefined);
    const connection = this.connection;
    this.connection = undefined;
    this.confirmChannel = undefined;
    this.consumeChannel = undefined;
    connection?.removeAllListeners('close');
    await connection?.close().catch(() => undefined);
  }
}
