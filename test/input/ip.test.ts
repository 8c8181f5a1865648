import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isPrivateAddress } from '../../src/input/ip.js';

describe('isPrivateAddress', () => {
  const refused = [
    // IPv4
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.0.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'fec0::1',
    'ff02::1',
    '100::1',
    '2001:db8::1',
    '2001::1',
    '3fff::1',
    '4000::1',
    // IPv4 embedded in IPv6
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::10.0.0.1',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101::',
    // not IP literals: fail closed
    'localhost',
    '0x7f.1',
    '2130706433',
    '',
    '1.2.3',
    '256.1.1.1',
  ];
  const allowed = [
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '11.0.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.167.255.255',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2001:4860:4860::8888',
    '[2606:4700:4700::1111]',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ];

  for (const ip of refused) it(`refuses ${ip || '(empty)'}`, () => assert.equal(isPrivateAddress(ip), true));
  for (const ip of allowed) it(`allows ${ip}`, () => assert.equal(isPrivateAddress(ip), false));

  it('judges IPv4-mapped IPv6 exactly like the IPv4 address (property)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        assert.equal(isPrivateAddress(`::ffff:${ip}`), isPrivateAddress(ip));
        assert.equal(isPrivateAddress(`64:ff9b::${ip}`), isPrivateAddress(ip));
      }),
    );
  });

  it('never throws (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.ipV4(), fc.ipV6(), fc.ipV4Extended()), (text) => {
        assert.equal(typeof isPrivateAddress(text), 'boolean');
      }),
    );
  });
});
