interface DetailTab {
  id: string;
  label: string;
}

interface DetailTabsProps {
  tabs: readonly DetailTab[];
  active: string;
  onSelect: (id: string) => void;
}

/** The sticky menu over the detail sections: a click scrolls to the section, the section in view is highlighted. */
export function DetailTabs({ tabs, active, onSelect }: DetailTabsProps) {
  return (
    <nav className="detail-tabs" aria-label="상품 상세 메뉴" data-testid="detail-tabs">
      <ul className="detail-tabs__list">
        {tabs.map((tab) => {
          const current = tab.id === active;
          return (
            <li key={tab.id} className="detail-tabs__item">
              <a
                href={`#${tab.id}`}
                className={`detail-tabs__link${current ? ' is-active' : ''}`}
                aria-current={current ? 'location' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onSelect(tab.id);
                }}
              >
                {tab.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
