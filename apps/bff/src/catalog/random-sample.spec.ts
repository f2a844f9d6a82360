import { randomSample } from './random-sample';

describe('randomSample', () => {
  const items = Array.from({ length: 20 }, (_, i) => i);

  it('draws count distinct items of the list, all when there are fewer, and leaves the list as it was', () => {
    const sample = randomSample(items, 12);
    expect(sample).toHaveLength(12);
    expect(new Set(sample).size).toBe(12);
    for (const item of sample) expect(items).toContain(item);
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(randomSample(items, 50).sort((a, b) => a - b)).toEqual(items);
  });

  it('varies its draw and reaches every item', () => {
    const draws = Array.from({ length: 200 }, () => randomSample(items, 3));
    expect(new Set(draws.map((draw) => draw.join())).size).toBeGreaterThan(100);
    expect(new Set(draws.flat()).size).toBe(items.length);
  });
});
