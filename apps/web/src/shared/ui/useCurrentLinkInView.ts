import { useEffect, type RefObject } from 'react';

/**
 * Keeps the current page's link (`aria-current="page"`) of a menu that scrolls sideways (the phone
 * layout of my page's and the consoles' menus) in view, centred where it can be, whenever `page`
 * changes. A menu that does not scroll is left alone.
 */
export function useCurrentLinkInView(strip: RefObject<HTMLElement | null>, page: string): void {
  useEffect(() => {
    const menu = strip.current;
    const current = menu?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!menu || !current || menu.scrollWidth <= menu.clientWidth) return;
    const offset = current.getBoundingClientRect().left - menu.getBoundingClientRect().left;
    menu.scrollLeft += offset - (menu.clientWidth - current.offsetWidth) / 2;
  }, [strip, page]);
}
