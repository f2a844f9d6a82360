import { GenericContainer, Wait } from 'testcontainers';
import type { TestInfrastructure } from './infrastructure';

/** Where a Docker engine answers: the three servers as containers, stopped when the test process exits. */
export async function startContainers(): Promise<TestInfrastructure> {
  const [postgres, redis, kafka] = await Promise.all([
    new GenericContainer('postgres:15')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('redis:7').withExposedPorts(6379).start(),
    new GenericContainer('apache/kafka:4.3.1')
      .withExposedPorts({ container: 9092, host: 59192 })
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
        KAFKA_ADVERTISED_LISTENERS: 'PLAINTEXT://127.0.0.1:59192',
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .start(),
  ]);
  return {
    databaseUrl: `postgresql://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    kafkaBrokers: [`${kafka.getHost()}:59192`],
  };
}
