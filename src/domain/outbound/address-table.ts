// The webhook address table: every IP range and host name a webhook may never be sent to, each with what it is
// and where it is defined. address-policy.ts applies it; docs/webhook-addresses.md lists it row for row (a unit
// test keeps the two equal). Sources: IANA's IPv4 and IPv6 Special-Purpose Address Registries, the IPv6 Address
// Space registry, the Special-Use Domain Names registry, and the cloud providers' own documentation of their
// metadata endpoints. Rows inside a wider row are kept when they name something a reader would look for (the
// cloud metadata addresses, ipv4only.arpa): the table is also the answer to "is X refused, and why".

export interface RefusedRange {
  /** CIDR notation; a single address is a /32 or /128. */
  range: string;
  what: string;
  source: string;
}

export interface RefusedHostName {
  name: string;
  /** `suffix`: the name and every name under it (whole labels). `exact`: that name only. */
  match: 'suffix' | 'exact';
  what: string;
  source: string;
}

export const REFUSED_IPV4_RANGES: readonly RefusedRange[] = [
  { range: '0.0.0.0/8', what: '"This network"', source: 'RFC 791' },
  { range: '0.0.0.0/32', what: '"This host on this network"', source: 'RFC 1122' },
  { range: '10.0.0.0/8', what: 'Private use', source: 'RFC 1918' },
  { range: '100.64.0.0/10', what: 'Shared address space (carrier-grade NAT)', source: 'RFC 6598' },
  { range: '100.100.100.200/32', what: 'Alibaba Cloud instance metadata', source: 'Alibaba Cloud' },
  { range: '127.0.0.0/8', what: 'Loopback', source: 'RFC 1122' },
  {
    range: '168.63.129.16/32',
    what: 'Azure platform address (WireServer, DNS, health probes): public, but reaches the host',
    source: 'Microsoft Azure',
  },
  { range: '169.254.0.0/16', what: 'Link-local', source: 'RFC 3927' },
  { range: '169.254.0.23/32', what: 'Tencent Cloud instance metadata', source: 'Tencent Cloud' },
  { range: '169.254.169.123/32', what: 'Amazon Time Sync Service', source: 'AWS' },
  { range: '169.254.169.253/32', what: 'Amazon VPC DNS resolver', source: 'AWS' },
  {
    range: '169.254.169.254/32',
    what: 'Instance metadata (AWS, Azure, Google Cloud, Oracle Cloud, DigitalOcean, OpenStack)',
    source: 'Cloud providers',
  },
  { range: '169.254.170.2/32', what: 'Amazon ECS task metadata and credentials', source: 'AWS' },
  { range: '172.16.0.0/12', what: 'Private use', source: 'RFC 1918' },
  { range: '192.0.0.0/24', what: 'IETF protocol assignments', source: 'RFC 6890' },
  { range: '192.0.0.0/29', what: 'IPv4 service continuity prefix (DS-Lite)', source: 'RFC 7335' },
  { range: '192.0.0.8/32', what: 'IPv4 dummy address', source: 'RFC 7600' },
  { range: '192.0.0.9/32', what: 'Port Control Protocol anycast', source: 'RFC 7723' },
  { range: '192.0.0.10/32', what: 'TURN anycast', source: 'RFC 8155' },
  { range: '192.0.0.170/32', what: 'NAT64/DNS64 discovery (ipv4only.arpa)', source: 'RFC 8880' },
  { range: '192.0.0.171/32', what: 'NAT64/DNS64 discovery (ipv4only.arpa)', source: 'RFC 8880' },
  { range: '192.0.0.192/32', what: 'Oracle Cloud legacy instance metadata', source: 'Oracle Cloud' },
  { range: '192.0.2.0/24', what: 'Documentation (TEST-NET-1)', source: 'RFC 5737' },
  { range: '192.31.196.0/24', what: 'AS112-v4', source: 'RFC 7535' },
  { range: '192.52.193.0/24', what: 'Automatic Multicast Tunneling', source: 'RFC 7450' },
  { range: '192.88.99.0/24', what: 'Deprecated 6to4 relay anycast', source: 'RFC 7526' },
  { range: '192.88.99.2/32', what: '6a44 relay anycast', source: 'RFC 6751' },
  { range: '192.168.0.0/16', what: 'Private use', source: 'RFC 1918' },
  { range: '192.175.48.0/24', what: 'Direct delegation AS112 service', source: 'RFC 7534' },
  { range: '198.18.0.0/15', what: 'Benchmarking', source: 'RFC 2544' },
  { range: '198.51.100.0/24', what: 'Documentation (TEST-NET-2)', source: 'RFC 5737' },
  { range: '203.0.113.0/24', what: 'Documentation (TEST-NET-3)', source: 'RFC 5737' },
  { range: '224.0.0.0/4', what: 'Multicast', source: 'RFC 5771' },
  { range: '224.0.0.0/24', what: 'Multicast: local network control block', source: 'RFC 5771' },
  { range: '224.0.1.0/24', what: 'Multicast: internetwork control block', source: 'RFC 5771' },
  { range: '232.0.0.0/8', what: 'Multicast: source-specific', source: 'RFC 4607' },
  { range: '233.0.0.0/8', what: 'Multicast: GLOP', source: 'RFC 3180' },
  { range: '233.252.0.0/24', what: 'Multicast: documentation (MCAST-TEST-NET)', source: 'RFC 6676' },
  { range: '239.0.0.0/8', what: 'Multicast: administratively scoped', source: 'RFC 2365' },
  { range: '240.0.0.0/4', what: 'Reserved (former class E)', source: 'RFC 1112' },
  { range: '255.255.255.255/32', what: 'Limited broadcast', source: 'RFC 8190' },
];

export const REFUSED_IPV6_RANGES: readonly RefusedRange[] = [
  { range: '::/8', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: '::/96', what: 'IPv4-compatible (deprecated), whatever IPv4 it embeds', source: 'RFC 4291' },
  { range: '::/128', what: 'Unspecified', source: 'RFC 4291' },
  { range: '::1/128', what: 'Loopback', source: 'RFC 4291' },
  { range: '::ffff:0:0:0/96', what: 'IPv4-translated (SIIT)', source: 'RFC 6145' },
  { range: '64:ff9b::/96', what: 'NAT64 well-known prefix, whatever IPv4 it embeds', source: 'RFC 6052' },
  { range: '64:ff9b:1::/48', what: 'Local-use NAT64, whatever IPv4 it embeds', source: 'RFC 8215' },
  { range: '100::/8', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: '100::/64', what: 'Discard-only', source: 'RFC 6666' },
  { range: '200::/7', what: 'Reserved by IETF (former NSAP)', source: 'RFC 4048' },
  { range: '400::/6', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: '800::/5', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: '1000::/4', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: '2001::/23', what: 'IETF protocol assignments', source: 'RFC 2928' },
  { range: '2001::/32', what: 'Teredo, whatever IPv4 it embeds', source: 'RFC 4380' },
  { range: '2001:1::1/128', what: 'Port Control Protocol anycast', source: 'RFC 7723' },
  { range: '2001:1::2/128', what: 'TURN anycast', source: 'RFC 8155' },
  { range: '2001:1::3/128', what: 'DNS-SD service registration anycast', source: 'RFC 9665' },
  { range: '2001:2::/48', what: 'Benchmarking', source: 'RFC 5180' },
  { range: '2001:3::/32', what: 'Automatic Multicast Tunneling', source: 'RFC 7450' },
  { range: '2001:4:112::/48', what: 'AS112-v6', source: 'RFC 7535' },
  { range: '2001:10::/28', what: 'ORCHID (deprecated)', source: 'RFC 4843' },
  { range: '2001:20::/28', what: 'ORCHIDv2', source: 'RFC 7343' },
  { range: '2001:30::/28', what: 'Drone remote ID entity tags', source: 'RFC 9374' },
  { range: '2001:db8::/32', what: 'Documentation', source: 'RFC 3849' },
  { range: '2002::/16', what: '6to4, whatever IPv4 it embeds', source: 'RFC 3056' },
  { range: '2620:4f:8000::/48', what: 'Direct delegation AS112 service', source: 'RFC 7534' },
  { range: '3fff::/20', what: 'Documentation', source: 'RFC 9637' },
  { range: '4000::/3', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: '5f00::/16', what: 'Segment routing (SRv6) SIDs', source: 'RFC 9602' },
  { range: '6000::/3', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: '8000::/3', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: 'a000::/3', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: 'c000::/3', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: 'e000::/4', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: 'f000::/5', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: 'f800::/6', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: 'fc00::/7', what: 'Unique local', source: 'RFC 4193' },
  { range: 'fd00:ec2::123/128', what: 'Amazon Time Sync Service (IPv6)', source: 'AWS' },
  { range: 'fd00:ec2::253/128', what: 'Amazon VPC DNS resolver (IPv6)', source: 'AWS' },
  { range: 'fd00:ec2::254/128', what: 'Amazon EC2 instance metadata (IPv6)', source: 'AWS' },
  { range: 'fe00::/9', what: 'Reserved by IETF', source: 'RFC 4291' },
  { range: 'fe80::/10', what: 'Link-local', source: 'RFC 4291' },
  { range: 'fec0::/10', what: 'Site-local (deprecated)', source: 'RFC 3879' },
  { range: 'ff00::/8', what: 'Multicast', source: 'RFC 4291' },
];

/**
 * Names that never name a public host, matched after one trailing dot is removed (so `localhost.` and
 * `localhost` get the same answer). Single-label names are refused by a rule of their own; the single-label
 * rows here are the well-known ones, kept so that the table answers for them too.
 */
export const REFUSED_HOST_NAMES: readonly RefusedHostName[] = [
  { name: 'localhost', match: 'suffix', what: 'Loopback by definition', source: 'RFC 6761' },
  {
    name: 'localdomain',
    match: 'suffix',
    what: 'Local hosts files (localhost.localdomain); not delegated',
    source: 'Common practice',
  },
  { name: 'ip6-localhost', match: 'exact', what: 'Hosts-file name for ::1', source: 'Debian hosts file' },
  { name: 'ip6-loopback', match: 'exact', what: 'Hosts-file name for ::1', source: 'Debian hosts file' },
  {
    name: 'broadcasthost',
    match: 'exact',
    what: 'Hosts-file name for 255.255.255.255',
    source: 'macOS hosts file',
  },
  { name: 'test', match: 'suffix', what: 'Testing', source: 'RFC 6761' },
  { name: 'invalid', match: 'suffix', what: 'Never resolves', source: 'RFC 6761' },
  { name: 'example', match: 'suffix', what: 'Documentation', source: 'RFC 6761' },
  { name: 'local', match: 'suffix', what: 'Multicast DNS (the local link)', source: 'RFC 6762' },
  { name: 'onion', match: 'suffix', what: 'Tor onion services', source: 'RFC 7686' },
  { name: 'alt', match: 'suffix', what: 'Non-DNS namespaces', source: 'RFC 9476' },
  { name: 'internal', match: 'suffix', what: 'Private use, reserved by ICANN', source: 'ICANN (2024)' },
  {
    name: 'metadata.google.internal',
    match: 'exact',
    what: 'Google Cloud instance metadata',
    source: 'Google Cloud',
  },
  {
    name: 'instance-data.ec2.internal',
    match: 'exact',
    what: 'Amazon EC2 instance metadata',
    source: 'AWS',
  },
  { name: 'instance-data', match: 'exact', what: 'Amazon EC2 instance metadata', source: 'AWS' },
  { name: 'metadata', match: 'exact', what: 'Google Cloud instance metadata', source: 'Google Cloud' },
  {
    name: 'metadata.tencentyun.com',
    match: 'exact',
    what: 'Tencent Cloud instance metadata (a public name for 169.254.0.23)',
    source: 'Tencent Cloud',
  },
  { name: 'arpa', match: 'suffix', what: 'Infrastructure zone', source: 'RFC 3172' },
  { name: 'home.arpa', match: 'suffix', what: 'Residential networks', source: 'RFC 8375' },
  { name: 'in-addr.arpa', match: 'suffix', what: 'IPv4 reverse lookups', source: 'RFC 1035' },
  { name: 'ip6.arpa', match: 'suffix', what: 'IPv6 reverse lookups', source: 'RFC 3596' },
  {
    name: 'ipv4only.arpa',
    match: 'suffix',
    what: 'NAT64 discovery (answers 192.0.0.170 and .171)',
    source: 'RFC 8880',
  },
  { name: 'resolver.arpa', match: 'suffix', what: 'Resolver discovery', source: 'RFC 9462' },
  { name: 'service.arpa', match: 'suffix', what: 'DNS-SD service registration', source: 'RFC 9665' },
  { name: '6tisch.arpa', match: 'suffix', what: '6TiSCH networks', source: 'RFC 9031' },
  { name: 'eap-noob.arpa', match: 'suffix', what: 'EAP-NOOB device onboarding', source: 'RFC 9140' },
  { name: 'lan', match: 'suffix', what: 'Private networks; not delegated', source: 'RFC 6762 appendix G' },
  {
    name: 'home',
    match: 'suffix',
    what: 'Private networks; withheld by ICANN',
    source: 'RFC 6762 appendix G',
  },
  {
    name: 'corp',
    match: 'suffix',
    what: 'Private networks; withheld by ICANN',
    source: 'RFC 6762 appendix G',
  },
  { name: 'mail', match: 'suffix', what: 'Private networks; withheld by ICANN', source: 'ICANN (2018)' },
  {
    name: 'intranet',
    match: 'suffix',
    what: 'Private networks; not delegated',
    source: 'RFC 6762 appendix G',
  },
  {
    name: 'private',
    match: 'suffix',
    what: 'Private networks; not delegated',
    source: 'RFC 6762 appendix G',
  },
  {
    name: 'svc',
    match: 'suffix',
    what: 'Kubernetes in-cluster services (kubernetes.default.svc); not delegated',
    source: 'Kubernetes DNS',
  },
  {
    name: 'localtest.me',
    match: 'suffix',
    what: 'A public name whose every subdomain resolves to 127.0.0.1',
    source: 'localtest.me',
  },
  {
    name: 'lvh.me',
    match: 'suffix',
    what: 'A public name whose every subdomain resolves to 127.0.0.1',
    source: 'lvh.me',
  },
];
