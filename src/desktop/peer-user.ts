/**
 * Which user holds the other end of a loopback TCP connection, on Linux: the kernel lists every IPv4 TCP socket of
 * this network namespace in /proc/net/tcp with its owner's uid, so the client's end (local = the client's address and
 * port, remote = the bridge's) names the user who connected. Other systems have no such table that a process can
 * read without privileges; there the bridge relies on its token and page secret alone (docs/desktop.md).
 */
import { readFileSync } from 'node:fs';
import { endianness } from 'node:os';

export interface Endpoint {
  address: string;
  port: number;
}

/** The four numbers of a connected socket as Node names them. */
export interface SocketEnds {
  localAddress?: string | undefined;
  localPort?: number | undefined;
  remoteAddress?: string | undefined;
  remotePort?: number | undefined;
}

/** "0100007F:1F90" (address as the kernel's 32-bit word in host byte order, port big-endian) to its endpoint. */
function parseEndpoint(text: string, order: 'LE' | 'BE'): Endpoint | undefined {
  const m = /^([0-9A-Fa-f]{8}):([0-9A-Fa-f]{4})$/.exec(text);
  if (!m) return undefined;
  const word = Number.parseInt(m[1]!, 16);
  const bytes = [word >>> 24, (word >>> 16) & 0xff, (word >>> 8) & 0xff, word & 0xff];
  if (order === 'LE') bytes.reverse();
  return { address: bytes.join('.'), port: Number.parseInt(m[2]!, 16) };
}

const same = (a: Endpoint | undefined, b: Endpoint) => a !== undefined && a.address === b.address && a.port === b.port;

/**
 * The uid of the socket whose local end is `local` and remote end is `remote`, read from the text of /proc/net/tcp;
 * undefined when no such socket is listed.
 */
export function tcpSocketUid(
  table: string,
  local: Endpoint,
  remote: Endpoint,
  order: 'LE' | 'BE' = endianness(),
): number | undefined {
  for (const line of table.split('\n').slice(1)) {
    // sl, local_address, rem_address, st, tx:rx queue, tr:when, retrnsmt, uid, …
    const cols = line.trim().split(/\s+/);
    if (cols.length < 8) continue;
    if (!same(parseEndpoint(cols[1]!, order), local) || !same(parseEndpoint(cols[2]!, order), remote)) continue;
    const uid = Number(cols[7]);
    return Number.isInteger(uid) ? uid : undefined;
  }
  return undefined;
}

/**
 * The uid of the process at the other end of a connection the bridge accepted: the client's socket is the one whose
 * local end is our remote end and whose remote end is our local end. Undefined when the table does not list it;
 * throws when the table cannot be read (not Linux, or /proc hidden).
 */
export function peerUid(socket: SocketEnds, readTable: () => string = () => readFileSync('/proc/net/tcp', 'utf8')) {
  const { localAddress, localPort, remoteAddress, remotePort } = socket;
  if (!localAddress || !remoteAddress || localPort === undefined || remotePort === undefined) return undefined;
  const v4 = (a: string) => a.replace(/^::ffff:/, '');
  return tcpSocketUid(
    readTable(),
    { address: v4(remoteAddress), port: remotePort },
    { address: v4(localAddress), port: localPort },
  );
}

export type PeerCheck = 'same-user' | 'other-user' | 'unknown';

/**
 * Whether the connection comes from this process's own user. 'unknown' where the system cannot tell (not Linux, or
 * /proc/net/tcp unreadable); 'other-user' also when the table is readable but does not list the client's socket,
 * since a loopback client of this namespace is always listed.
 */
export function checkPeer(socket: SocketEnds, platform: NodeJS.Platform = process.platform): PeerCheck {
  const own = process.getuid?.();
  if (platform !== 'linux' || own === undefined) return 'unknown';
  let uid: number | undefined;
  try {
    uid = peerUid(socket);
  } catch {
    return 'unknown';
  }
  return uid === own ? 'same-user' : 'other-user';
}
