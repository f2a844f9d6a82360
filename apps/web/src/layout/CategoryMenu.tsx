import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQueries, useQuery } from '@tanstack/react-query';
import { ROOT_CATEGORY, type CategoryDto } from '@mkt/contracts';
import { subCategoriesQuery } from '../shared/api/categories';
import { categoryListUrl } from '../shared/routing/paths';
import { ChevronRightIcon, MenuIcon } from '../shared/ui/icons';
import { focusLeft, useDismiss } from '../shared/ui/useDismiss';
import { useMediaQuery } from '../shared/ui/useMediaQuery';

const CATEGORY_ERROR = '카테고리를 불러오지 못했습니다';
/** Hover intent: a pointer merely crossing a top category on its way to the sub panel does not switch it. */
const HOVER_DELAY_MS = 90;
/** Phones and touch screens: nothing to point with, so a tap on a top category opens its sub-categories. */
const TAP_TO_OPEN = '(hover: none), (max-width: 768px)';

/**
 * The 카테고리 button and its three-level panel. Top categories are the children of the root (1);
 * pointing at or focusing one shows its children (depth 2), each with its own children (depth 3).
 * On phones a top category is a button that opens them; its 전체보기 link leads to its list.
 * TanStack Query caches every level, so each is fetched once.
 */
export function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hoverTimer = useRef<number | undefined>(undefined);
  const panelId = useId();
  const tops = useQuery(subCategoriesQuery(ROOT_CATEGORY));
  const tapToOpen = useMediaQuery(TAP_TO_OPEN);

  const cancelHover = () => window.clearTimeout(hoverTimer.current);
  const close = useCallback(() => {
    window.clearTimeout(hoverTimer.current);
    setOpen(false);
    setActiveId(null);
  }, []);
  useDismiss(rootRef, open, close);
  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  const activateOnHover = (ctno: number) => {
    cancelHover();
    hoverTimer.current = window.setTimeout(() => setActiveId(ctno), HOVER_DELAY_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
      buttonRef.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && focusLeft(rootRef.current, event.relatedTarget)) close();
  };

  return (
    <div ref={rootRef} className="category-menu" onMouseLeave={close} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={`category-menu__button${open ? ' is-open' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <MenuIcon size={20} />
        <span>카테고리</span>
      </button>

      {open && (
        <div
          id={panelId}
          className={`category-panel${activeId !== null ? ' has-active' : ''}`}
          data-testid="category-panel"
        >
          {tops.isPending ? (
            <p className="category-panel__status">카테고리를 불러오는 중…</p>
          ) : tops.isError ? (
            <p className="category-panel__status category-panel__status--error" role="alert">
              {CATEGORY_ERROR}
            </p>
          ) : (
            <ul className="category-panel__tops" aria-label="전체 카테고리">
              {tops.data.map((top) => {
                const active = top.ctno === activeId;
                return (
                  <li key={top.ctno} className={`category-panel__top${active ? ' is-active' : ''}`}>
                    {tapToOpen ? (
                      <button
                        type="button"
                        className="category-panel__top-link"
                        aria-expanded={active}
                        onClick={() => setActiveId(top.ctno)}
                      >
                        <span>{top.cateName}</span>
                        <ChevronRightIcon size={14} />
                      </button>
                    ) : (
                      <Link
                        to={categoryListUrl([top])}
                        className="category-panel__top-link"
                        onMouseEnter={() => activateOnHover(top.ctno)}
                        onMouseLeave={cancelHover}
                        onFocus={() => {
                          cancelHover();
                          setActiveId(top.ctno);
                        }}
                        onClick={close}
                      >
                        <span>{top.cateName}</span>
                        <ChevronRightIcon size={14} />
                      </Link>
                    )}
                    {active && <SubCategoryPanel top={top} onNavigate={close} onPointerEnter={cancelHover} />}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

interface SubCategoryPanelProps {
  top: CategoryDto;
  onNavigate: () => void;
  onPointerEnter: () => void;
}

function SubCategoryPanel({ top, onNavigate, onPointerEnter }: SubCategoryPanelProps) {
  const subs = useQuery(subCategoriesQuery(top.ctno));
  const leaves = useQueries({ queries: (subs.data ?? []).map((sub) => subCategoriesQuery(sub.ctno)) });

  return (
    <div className="category-panel__subs" onMouseEnter={onPointerEnter} data-testid="category-subpanel">
      <Link to={categoryListUrl([top])} className="category-panel__all" onClick={onNavigate}>
        {top.cateName} 전체보기
        <ChevronRightIcon size={14} />
      </Link>
      {subs.isPending ? (
        <p className="category-panel__status">불러오는 중…</p>
      ) : subs.isError ? (
        <p className="category-panel__status category-panel__status--error" role="alert">
          {CATEGORY_ERROR}
        </p>
      ) : subs.data.length === 0 ? (
        <p className="category-panel__status">하위 카테고리가 없습니다</p>
      ) : (
        <div className="category-panel__groups">
          {subs.data.map((sub, index) => {
            const leaf = leaves[index];
            return (
              <div key={sub.ctno} className="category-group">
                <Link to={categoryListUrl([top, sub])} className="category-group__title" onClick={onNavigate}>
                  {sub.cateName}
                </Link>
                {leaf?.isError ? (
                  <p className="category-group__status category-panel__status--error">{CATEGORY_ERROR}</p>
                ) : leaf?.data ? (
                  <ul className="category-group__list">
                    {leaf.data.map((leafCategory) => (
                      <li key={leafCategory.ctno}>
                        <Link
                          to={categoryListUrl([top, sub, leafCategory])}
                          className="category-group__link"
                          onClick={onNavigate}
                        >
                          {leafCategory.cateName}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <div className="category-group__loading skeleton" aria-hidden="true" />
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
