import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isPublicAddress } from './address-check.ts';

// Only classified here, never connected to.
const refused = {
  loopback: ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::1]'],
  unspecified: ['0.0.0.0', '0.1.2.3', '::'],
  private: ['10.0.0.1', '10.255.255.53', '172.16.0.1', '172.31.255.255', '192.168.0.1', '::ffff:192.168.1.1'],
  'link-local and cloud metadata': [
    '169.254.169.254',
    '169.254.0.1',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:169.254.169.254',
  ],
  'carrier-grade NAT (and Alibaba metadata)': ['100.64.0.1', '100.100.100.200'],
  'unique-local IPv6': ['fc00::1', 'fd12:3456::1'],
  'multicast and broadcast': ['224.0.0.1', '239.255.255.250', '255.255.255.255', 'ff02::1'],
  'reserved, documentation and benchmarking': ['192.0.2.1', '198.18.0.1', '240.0.0.1', '192.0.0.8', '2001:db8::1'],
  'IPv6 forms wrapping IPv4': [
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001::1',
    // IPv4-compatible (::/96), as DNS and the URL parser write ::127.0.0.1, ::10.0.0.1 and ::169.254.169.254
    '::7f00:1',
    '::a00:1',
    '::a9fe:a9fe',
    '::808:808',
  ],
  'not an address at all': ['localhost', '127.1', '0x7f000001', '2130706433', '017700000001', '', 'docs.google.com'],
};

for (const [range, addresses] of Object.entries(refused)) {
  test(`addresses in ${range} are not public`, () => {
    for (const address of addresses) assert.not.ok(isPublicAddress(address), address);
  });
}

test('public unicast addresses are allowed, IPv4 and IPv6', () => {
  for (const address of ['142.250.180.14', '8.8.8.8', '2a00:1450:4009:820::200e', '::ffff:142.250.180.14']) {
    assert.ok(isPublicAddress(address), address);
  }
});

test.run();
