import { z } from 'zod';
import { brokerList, ConfigError, loadConfig, port, postgresUrl } from './config';

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
});
