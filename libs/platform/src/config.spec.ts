import { z } from 'zod';
import {
  brokerList,
  ConfigError,
  corsOrigins,
  loadConfig,
  port,
  postgresUrl,
  retentionDaysSetting,
  trustProxy,
} from './config';

const schema = z.object({ DATABASE_URL: postgresUrl, KAFKA_BROKERS: brokerList, PORT: port.default(3000) });

describe('loadConfig', () => {
  it('reads and converts valid settings, with defaults', () => {
    expect(
      loadConfig(schema, { DATABASE_URL: 'postgresql://db/catalog', KAFKA_BROKERS: 'a:9092,b:9093' }),
    ).toEqual({
      DATABASE_URL: 'postgresql://db/catalog',
      KAFKA_BROKERS: ['a:9092', 'b:9093'],
      PORT: 3000,
    });
  });

  it('names every missing and every malformed setting in one error', () => {
    const attempt = () => loadConfig(schema, { KAFKA_BROKERS: 'not a broker list', PORT: '70000' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/DATABASE_URL is missing/);
    expect(attempt).toThrow(/KAFKA_BROKERS is invalid \(must be host:port/);
    expect(attempt).toThrow(/PORT is invalid/);
  });

  it('takes an empty setting for an unset one', () => {
    expect(
      loadConfig(schema, { DATABASE_URL: 'postgresql://db/catalog', KAFKA_BROKERS: 'a:9092', PORT: '' }),
    ).toEqual({ DATABASE_URL: 'postgresql://db/catalog', KAFKA_BROKERS: ['a:9092'], PORT: 3000 });
    expect(() => loadConfig(schema, { DATABASE_URL: '', KAFKA_BROKERS: 'a:9092' })).toThrow(
      /DATABASE_URL is missing/,
    );
  });
});

describe('trustProxy', () => {
  const proxySchema = z.object({ TRUST_PROXY: trustProxy.optional() });
  const read = (value: string | undefined) => loadConfig(proxySchema, { TRUST_PROXY: value }).TRUST_PROXY;

  it('trusts no proxy when absent or empty, a number of hops, or presets and addresses', () => {
    expect(read(undefined)).toBeUndefined();
    expect(read('')).toBeUndefined();
    expect(read('0')).toBe(0);
    expect(read('2')).toBe(2);
    expect(read('loopback')).toEqual(['loopback']);
    expect(read('uniquelocal, 203.0.113.7,10.0.0.0/8, fd00::/8')).toEqual([
      'uniquelocal',
      '203.0.113.7',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
  });

  it.each([
    ' ',
    'true',
    'yes',
    '-1',
    '1.5',
    'loopback,',
    'localhost',
    '10.0.0.0/33',
    '10.0.0/8',
    'fd00::/129',
  ])('refuses %p, naming TRUST_PROXY', (value) => {
    expect(() => read(value)).toThrow(ConfigError);
    expect(() => read(value)).toThrow(/TRUST_PROXY is invalid \(must be a hop count/);
  });
});

describe('corsOrigins', () => {
  const corsSchema = z.object({ CORS_ORIGINS: corsOrigins.optional() });
  const read = (value: string | undefined) => loadConfig(corsSchema, { CORS_ORIGINS: value }).CORS_ORIGINS;

  it('allows no other site when absent or empty, else the listed origins', () => {
    expect(read(undefined)).toBeUndefined();
    expect(read('')).toBeUndefined();
    expect(read(' ')).toEqual([]);
    expect(read('https://shop.example.kr')).toEqual(['https://shop.example.kr']);
    expect(read('https://shop.example.kr, http://localhost:5173,http://[::1]:8080')).toEqual([
      'https://shop.example.kr',
      'http://localhost:5173',
      'http://[::1]:8080',
    ]);
  });

  it.each([
    ['*', /"\*" is not an origin \(http\(s\):\/\/host\[:port\]\)/],
    ['shop.example.kr', /"shop.example.kr" is not an origin/],
    ['ftp://shop.example.kr', /"ftp:\/\/shop.example.kr" is not an origin/],
    ['https://shop.example.kr/', /write it as "https:\/\/shop.example.kr"/],
    ['https://shop.example.kr/app', /write it as "https:\/\/shop.example.kr"/],
    ['https://Shop.Example.kr', /write it as "https:\/\/shop.example.kr"/],
    ['https://shop.example.kr:443', /write it as "https:\/\/shop.example.kr"/],
    ['https://a.kr,,https://b.kr', /"" is not an origin/],
  ])('refuses %p, naming CORS_ORIGINS and the origin', (value, problem) => {
    expect(() => read(value)).toThrow(ConfigError);
    expect(() => read(value)).toThrow(/CORS_ORIGINS is invalid/);
    expect(() => read(value)).toThrow(problem);
  });
});

describe('MESSAGING_RETENTION_DAYS', () => {
  const retention = z.object({ MESSAGING_RETENTION_DAYS: retentionDaysSetting.optional() });

  it('takes a positive number of days, fractions too, and is optional', () => {
    expect(loadConfig(retention, { MESSAGING_RETENTION_DAYS: '14' })).toEqual({
      MESSAGING_RETENTION_DAYS: 14,
    });
    expect(loadConfig(retention, { MESSAGING_RETENTION_DAYS: '0.5' })).toEqual({
      MESSAGING_RETENTION_DAYS: 0.5,
    });
    expect(loadConfig(retention, {})).toEqual({});
  });

  it('refuses no retention at all, a negative one and words', () => {
    for (const value of ['0', '-1', 'week'])
      expect(() => loadConfig(retention, { MESSAGING_RETENTION_DAYS: value })).toThrow(
        /MESSAGING_RETENTION_DAYS is invalid/,
      );
  });
});
