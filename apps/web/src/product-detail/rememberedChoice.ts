import type { OptionDetailDto } from '@mkt/contracts';
import { chooseOption, changeQuantity, type ChosenOption } from './optionSelection';

/**
 * The options a visitor chose before 장바구니 담기 sent them to log in, kept for this tab
 * (sessionStorage) so the product page shows them again when the login brings them back.
 */

const KEY = 'mkt:cart-choice';
/** A choice older than this is not restored: the visitor has moved on. */
const KEEP_MS = 30 * 60_000;

interface Remembered {
  pno: number;
  chosen: readonly ChosenOption[];
  at: number;
}

type ChoiceStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberChoice(
  pno: number,
  chosen: readonly ChosenOption[],
  store: ChoiceStore = sessionStorage,
  now = Date.now(),
): void {
  store.setItem(KEY, JSON.stringify({ pno, chosen, at: now } satisfies Remembered));
}

/**
 * The remembered choice for this product, fitted to its options as they are now (an option gone
 * or sold out since is dropped, a quantity over the stock lowered); null when there is none.
 */
export function rememberedChoice(
  pno: number,
  options: readonly OptionDetailDto[],
  store: ChoiceStore = sessionStorage,
  now = Date.now(),
): ChosenOption[] | null {
  let saved: Partial<Remembered>;
  try {
    saved = JSON.parse(store.getItem(KEY) ?? 'null') ?? {};
  } catch {
    return null;
  }
  if (saved.pno !== pno || !Array.isArray(saved.chosen) || !(now - (saved.at ?? 0) < KEEP_MS)) return null;
  let restored: ChosenOption[] = [];
  for (const line of saved.chosen) {
    const option = options.find((candidate) => candidate.odno === line?.odno);
    if (!option || typeof line.quantity !== 'number') continue;
    restored = changeQuantity(chooseOption(restored, option), option, line.quantity);
  }
  return restored.length > 0 ? restored : null;
}

export function forgetChoice(store: ChoiceStore = sessionStorage): void {
  store.removeItem(KEY);
}
