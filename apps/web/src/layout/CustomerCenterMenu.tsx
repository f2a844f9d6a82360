import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../shared/routing/paths';
import { ChevronDownIcon } from '../shared/ui/icons';
import { focusLeft, useDismiss } from '../shared/ui/useDismiss';

/** 고객센터 dropdown: opens on hover, on click and from the keyboard (Enter, Space, ArrowDown; Escape closes). */
export function CustomerCenterMenu() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstItemRef = useRef<HTMLAnchorElement>(null);
  const focusFirstItem = useRef(false);
  const menuId = useId();

  const close = () => setOpen(false);
  useDismiss(rootRef, open, close);

  useEffect(() => {
    if (open && focusFirstItem.current) {
      focusFirstItem.current = false;
      firstItemRef.current?.focus();
    }
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (open) {
      firstItemRef.current?.focus();
    } else {
      focusFirstItem.current = true;
      setOpen(true);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (focusLeft(rootRef.current, event.relatedTarget)) setOpen(false);
  };

  return (
    <div
      ref={rootRef}
      className={`cs-menu${open ? ' is-open' : ''}`}
      onMouseLeave={close}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="cs-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        고객센터
        <ChevronDownIcon size={12} className="cs-menu__caret" />
      </button>
      <ul id={menuId} className="cs-menu__list">
        <li>
          <Link ref={firstItemRef} to={paths.notice} className="cs-menu__item" onClick={close}>
            공지사항
          </Link>
        </li>
        <li>
          <Link to={paths.faq} className="cs-menu__item" onClick={close}>
            자주 묻는 질문
          </Link>
        </li>
      </ul>
    </div>
  );
}
