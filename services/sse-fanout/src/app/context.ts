import type { Clock, TicketSigner } from '@storecast/service-kit';
import type { ConnectionHub } from './connection-hub';

/** What the use cases of this service work with. */
export interface AppContext {
  clock: Clock;
  /** Signs and verifies stream tickets (kit TicketSigner, kind 'stream'). */
  tickets: TicketSigner;
  ticketTtlSeconds: number;
  /** The public origin of the gateway; streamUrl is built on it. */
  publicBaseUrl: string;
  hub: ConnectionHub;
}
