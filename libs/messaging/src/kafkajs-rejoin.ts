import { createRequire } from 'node:module';

/** What this patch touches of kafkajs' internal consumer group (one per run of a consumer). */
interface ConsumerGroup {
  /** One per consumer, shared by the groups of its runs: it names the consumer here. */
  instrumentationEmitter: object;
  memberId: string | null;
}

/** The member id each consumer's group last held, until the consumer left or the broker forgot it. */
const lastMemberIdOf = new WeakMap<object, string>();
const memberIdOf = new WeakMap<ConsumerGroup, string | null>();

/**
 * kafkajs 2.2.4 runs a crashed consumer again (or the transport runs again one kafkajs gave up on)
 * with a new consumer group object, which joins as a new member. When the consumer could not leave
 * first (its broker was out of reach), the broker still holds the old member, and the group's
 * rebalance waits for it until its session ends: 6 s without a message. Here a consumer's new group
 * starts with the member id its last one held, so it joins again as that member and gets its
 * partitions at once. A member the broker no longer knows is answered UNKNOWN_MEMBER_ID, on which
 * kafkajs sets the id to null and joins anew; a member that left sets it to null too. Either way the
 * id is forgotten.
 */
function carryMemberIdOver(ConsumerGroupClass: { prototype: ConsumerGroup }): void {
  Object.defineProperty(ConsumerGroupClass.prototype, 'memberId', {
    get(this: ConsumerGroup): string | null {
      return memberIdOf.get(this) ?? null;
    },
    set(this: ConsumerGroup, value: string | null) {
      // The constructor's `this.memberId = null` comes first (after the emitter is set).
      const constructing = !memberIdOf.has(this);
      const memberId = constructing ? (lastMemberIdOf.get(this.instrumentationEmitter) ?? null) : value;
      memberIdOf.set(this, memberId);
      if (memberId) lastMemberIdOf.set(this.instrumentationEmitter, memberId);
      else lastMemberIdOf.delete(this.instrumentationEmitter);
    },
  });
}

carryMemberIdOver(createRequire(__filename)('kafkajs/src/consumer/consumerGroup'));
