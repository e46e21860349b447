/**
 * The device end of a link: what a transport delivers host reports to and hears device reports from. The reference
 * firmware implements it (src/firmware/keyboard.ts) and the loopback transport talks to it (src/transport/loopback.ts),
 * so it lives with the protocol, below both.
 */

/**
 * What the loopback link talks to: the reference firmware (or a proxy of it in a worker). `receive` handles one host
 * report and answers the reports to send back; unsolicited reports arrive through `onReport`.
 */
export interface ReportEndpoint {
  receive(report: Uint8Array): Uint8Array[] | Promise<Uint8Array[]>;
  onReport(listener: (report: Uint8Array) => void): () => void;
  /** The link went down while the device kept its power: it drops what belongs to the link (a staged write). */
  linkReset?(): void;
  /** The device lost power: it restarts from its last committed state. */
  powerCycle?(): void;
}
