import { BFF, SERVICES, serviceNode } from './topology';

const topics = (events: { topic: string }[]) => events.map((event) => event.topic);

describe('the topology', () => {
  it('lists a service after every service it calls', () => {
    SERVICES.forEach((node, index) => {
      for (const called of node.calls)
        expect(SERVICES.findIndex((other) => other.name === called)).toBeLessThan(index);
    });
  });

  it('gives every process its own port and every service its own database', () => {
    const ports = [BFF.port, ...SERVICES.map((node) => node.port)];
    expect(new Set(ports).size).toBe(ports.length);
    expect(new Set(SERVICES.map((node) => node.database)).size).toBe(SERVICES.length);
  });

  it('has a publisher for every topic some service consumes', () => {
    const published = new Set(SERVICES.flatMap((node) => topics(node.publishes)));
    const unpublished = SERVICES.flatMap((node) =>
      topics(node.consumes)
        .filter((topic) => !published.has(topic))
        .map((topic) => `${node.name} ← ${topic}`),
    );
    expect(unpublished).toEqual([]);
  });

  it('has exactly one publisher per topic', () => {
    const publishers = SERVICES.flatMap((node) => topics(node.publishes));
    expect(new Set(publishers).size).toBe(publishers.length);
  });

  it('lets the BFF call every service', () => {
    expect([...BFF.calls].sort()).toEqual(SERVICES.map((node) => node.name).sort());
  });

  it('refuses a name that is not a service', () => {
    expect(serviceNode('cart').calls).toEqual(['catalog']);
    expect(() => serviceNode('shipping')).toThrow('shipping is not a service of the topology');
  });
});
