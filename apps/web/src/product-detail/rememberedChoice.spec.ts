import type { OptionDetailDto } from '@mkt/contracts';
import { forgetChoice, rememberChoice, rememberedChoice } from './rememberedChoice';

class MemoryStore {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const option = (odno: number, od_stock: number): OptionDetailDto => ({
  odno,
  od_name: `옵션 ${odno}`,
  od_price: 0,
  od_stock,
});

describe('the choice remembered across the login', () => {
  const options = [option(1, 5), option(2, 3), option(3, 0)];

  it('gives the choice back for the same product, fitted to the options as they are now', () => {
    const store = new MemoryStore();
    rememberChoice(
      7,
      [
        { odno: 1, quantity: 2 },
        { odno: 2, quantity: 9 },
        { odno: 3, quantity: 1 },
        { odno: 4, quantity: 1 },
      ],
      store,
      1_000,
    );
    expect(rememberedChoice(7, options, store, 2_000)).toEqual([
      { odno: 1, quantity: 2 },
      { odno: 2, quantity: 3 },
    ]);
  });

  it('gives nothing for another product, after 30 minutes, once forgotten, or for a broken entry', () => {
    const store = new MemoryStore();
    rememberChoice(7, [{ odno: 1, quantity: 2 }], store, 0);
    expect(rememberedChoice(8, options, store, 1)).toBeNull();
    expect(rememberedChoice(7, options, store, 30 * 60_000)).toBeNull();
    forgetChoice(store);
    expect(rememberedChoice(7, options, store, 1)).toBeNull();
    store.setItem('mkt:cart-choice', '{not json');
    expect(rememberedChoice(7, options, store, 1)).toBeNull();
  });
});
