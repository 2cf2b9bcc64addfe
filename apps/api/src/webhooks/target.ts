import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { webhookMessages as M } from './messages.js';

/**
 * Where a webhook may go (server-side request forgery): the public internet over https. Private, loopback,
 * link-local (cloud metadata), shared, reserved and multicast addresses are refused unless the operator
 * allows them (`WEBHOOK_ALLOW_PRIVATE`), and plain http only to such allowed addresses. Names are checked
 * by the addresses they resolve to when each request connects, so a name that later points inside is
 * refused then.
 */
const INTERNAL: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const internal = new BlockList();
for (const [net, prefix, type] of INTERNAL) internal.addSubnet(net, prefix, type);

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** The operator's allowance: every internal address, or the listed addresses and ranges. */
export class TargetRules {
  readonly #all: boolean;
  readonly #allowed = new BlockList();
  readonly #any: boolean;

  constructor(allowPrivate: true | readonly string[]) {
    this.#all = allowPrivate === true;
    const list = allowPrivate === true ? [] : allowPrivate;
    for (const entry of list) {
      const [address = '', prefix] = entry.split('/');
      const type = familyOf(address);
      if (!isIP(address)) throw new Error(`WEBHOOK_ALLOW_PRIVATE: ${entry} is no address or range`);
      if (prefix === undefined) this.#allowed.addAddress(address, type);
      else this.#allowed.addSubnet(address, Number(prefix), type);
    }
    this.#any = this.#all || list.length > 0;
  }

  /** Why the server may not connect to `address` (with `http` when the URL is plain http), or null. */
  addressProblem(address: string, http: boolean): string | null {
    const type = familyOf(address);
    const inside = internal.check(address, type);
    const allowed = inside && (this.#all || this.#allowed.check(address, type));
    if (inside && !allowed) return M.privateTarget(address);
    if (http && !allowed) return M.httpsOnly;
    return null;
  }

  /**
   * What is wrong with a channel's URL as far as it can be told without a name lookup (422 when a channel
   * is saved): credentials, plain http with no internal target allowed, an internal address literal.
   */
  urlProblem(raw: string): string | null {
    const url = new URL(raw);
    if (url.username || url.password) return M.credentials;
    const http = url.protocol === 'http:';
    if (http && !this.#any) return M.httpsOnly;
    const host = hostOf(url);
    if (isIP(host)) return this.addressProblem(host, http);
    if (host === 'localhost' || host.endsWith('.localhost')) return this.addressProblem('127.0.0.1', http);
    return null;
  }

  /** `lookup` for http(s).request: the name's addresses, refused when any of them may not be reached. */
  lookup(http: boolean) {
    return (
      hostname: string,
      options: { family?: number | string; all?: boolean },
      callback: (
        err: NodeJS.ErrnoException | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void,
    ) => {
      const all: LookupAllOptions = { ...(options as object), all: true };
      dnsLookup(hostname, all, (err, addresses) => {
        if (err) return callback(err, []);
        const problem = addresses.map((a) => this.addressProblem(a.address, http)).find((p) => p !== null);
        if (problem) return callback(Object.assign(new Error(problem), { code: 'EMATNAT_TARGET' }), []);
        if (options.all) return callback(null, addresses);
        const first = addresses[0]!;
        callback(null, first.address, first.family);
      });
    };
  }
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}
