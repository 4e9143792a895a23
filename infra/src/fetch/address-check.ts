import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether the server may connect to this address for a document: public unicast only. Loopback,
 * private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unique-local,
 * multicast, reserved and the IPv6 forms that wrap an IPv4 address (mapped, IPv4-compatible, NAT64,
 * 6to4, Teredo) are all refused; an IPv4-mapped address is judged by the IPv4 address inside it.
 * Takes addresses as DNS or the URL parser return them (canonical text), nothing looser.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIP(bare) === 0) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const ipv6 = parsed as ipaddr.IPv6;
    if (ipv6.isIPv4MappedAddress()) parsed = ipv6.toIPv4Address();
    // ::/96, the deprecated IPv4-compatible form (::7f00:1 is ::127.0.0.1): ipaddr.js calls it unicast.
    else if (ipv6.parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return parsed.range() === 'unicast';
}
