// `npm run ops -- <command>`: operators' tools for the distributed mode.
//   dead-letters <service>            the events the service's handlers gave up on (<topic>.dlq)
//   replay <service> <eventId|all>    puts them back on their topics, once the fault is fixed: the
//                                     service applies them, other consumers skip what they applied
// Settings: KAFKA_BROKERS (else MKT_TEST_KAFKA_BROKERS, else the local broker of `npm run infra:up`)
// and KAFKA_TOPIC_PREFIX, as the services are given them. The outbox's parked events are a
// service's own routes: GET /ops/outbox?status=FAILED and POST /ops/outbox/redrive with OPS_TOKEN.
import { describeDeadLetter, KafkaTransport, replayDeadLetters } from '@mkt/messaging';
import { serviceNode } from '@mkt/topology';

const USAGE = 'usage: npm run ops -- dead-letters <service> | replay <service> <eventId|all>';

async function main([command, service, which]: string[]): Promise<void> {
  if (!['dead-letters', 'replay'].includes(command) || !service || (command === 'replay' && !which))
    throw new Error(USAGE);
  const topics = serviceNode(service).consumes.map((event) => event.topic);
  const transport = new KafkaTransport({
    brokers: (process.env.KAFKA_BROKERS ?? process.env.MKT_TEST_KAFKA_BROKERS ?? '127.0.0.1:59092').split(
      ',',
    ),
    clientId: `${service}-ops`,
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  try {
    const letters = (await transport.deadLetters(topics)).map(describeDeadLetter);
    if (command === 'dead-letters') {
      for (const { eventId, eventType, originalTopic, key, attempts, error } of letters)
        console.log(JSON.stringify({ eventId, eventType, originalTopic, key, attempts, error }));
      console.log(`${letters.length} dead-lettered event(s) of ${service}`);
      return;
    }
    const chosen = which === 'all' ? letters : letters.filter((letter) => letter.eventId === which);
    if (chosen.length === 0) throw new Error(`no dead-lettered event ${which} of ${service}`);
    const replayed = await replayDeadLetters(transport, chosen);
    console.log(`replayed ${replayed} event(s); the dead-letter topic keeps its copies`);
  } finally {
    await transport.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
