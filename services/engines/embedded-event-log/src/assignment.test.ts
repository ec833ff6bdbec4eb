import { targetOwners } from './assignment.js';

describe('targetOwners', () => {
  it('spreads partitions so that no member has more than one more than another', () => {
    for (const memberCount of [1, 2, 3, 4, 7]) {
      const members = Array.from({ length: memberCount }, (_, i) => `member-${i}`);
      const owners = targetOwners('offers.offer-changed.v1', 10, members);
      expect(owners).toHaveLength(10);
      const counts = members.map((member) => owners.filter((owner) => owner === member).length);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
  });

  it('gives every member the same answer whatever order it read the members in', () => {
    const members = ['c', 'a', 'd', 'b'];
    expect(targetOwners('catalog.product-changed.v1', 6, members)).toEqual(
      targetOwners('catalog.product-changed.v1', 6, [...members].reverse()),
    );
  });

  it('does not hand partition 0 of every small topic to the same member', () => {
    const topics = Array.from({ length: 12 }, (_, i) => `service.event-${i}.v1`);
    const firstOwners = new Set(topics.map((topic) => targetOwners(topic, 1, ['a', 'b', 'c'])[0]));
    expect(firstOwners.size).toBeGreaterThan(1);
  });

  it('assigns nothing when no member is alive', () => {
    expect(targetOwners('t', 3, [])).toEqual([]);
  });
});
