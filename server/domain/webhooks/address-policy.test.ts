import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-policy';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '93.184.216.34', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    ['0.0.0.0', 'this network'],
    ['10.20.30.40', 'private'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', 'CGNAT metadata'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata (hex)'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::a00:1', 'NAT64 to a private address'],
    ['fd00:ec2::254', 'unique local (AWS metadata)'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['localhost', 'not an address'],
  ])('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});
