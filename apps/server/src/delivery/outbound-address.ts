import { BlockList, isIP } from 'node:net';

/*
 * Which addresses an outbound call a user can aim (webhooks) or an operator configures (bot APIs)
 * may reach (ARCHITECTURE §7): only public unicast. Everything a cabinet's own network could hold —
 * loopback, private and carrier-grade NAT ranges, link-local (cloud metadata at 169.254.169.254),
 * multicast, unspecified, reserved, documentation and benchmark ranges — is refused.
 */

const IPV4_REFUSED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];

/**
 * IPv6 outside global unicast (2000::/3) is refused as a whole — that covers ::, ::1, unique-local
 * fc00::/7, link-local fe80::/10, multicast ff00::/8 and NAT64 — and these parts of it as well.
 */
const IPV6_REFUSED_IN_GLOBAL: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address of any kind
  ['3fff::', 20], // documentation
];

const refused = new BlockList();
for (const [network, prefix] of IPV4_REFUSED) refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_REFUSED_IN_GLOBAL) refused.addSubnet(network, prefix, 'ipv6');
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/** True for an IP address an outbound call may connect to; false for anything else, names included. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return !refused.check(bare, 'ipv4');
  if (family !== 6) return false;
  // An IPv4-mapped address connects to its IPv4 address; BlockList matches it against the IPv4 rules.
  if (ipv4Mapped.check(bare, 'ipv6')) return !refused.check(bare, 'ipv6');
  return globalUnicast.check(bare, 'ipv6') && !refused.check(bare, 'ipv6');
}

/** Names that always mean this machine (RFC 6761), whatever a resolver says. */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * A webhook URL the guard would refuse whatever DNS says: credentials in it (they would travel to the
 * receiver and show in the method list), or a host that literally names this machine or a private,
 * link-local or reserved address (`127.0.0.1`, `2130706433`, `0x7f000001`, `[::1]`, `localhost`…; the
 * URL parser turns every numeric form into a dotted address first). Names are checked when sent.
 */
export function isRefusedWebhookUrl(url: URL): boolean {
  if (url.username || url.password) return true;
  if (isLocalName(url.hostname)) return true;
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) !== 0 && !isPublicAddress(bare);
}
